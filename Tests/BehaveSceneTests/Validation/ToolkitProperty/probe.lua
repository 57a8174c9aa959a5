local Probe = behaviour { name = "Probe", outlets = { order = "Button" } }
function Probe:awake() self.order.sensitive = false end
return Probe
