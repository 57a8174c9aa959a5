local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:destroy() self.goodbye = true end
return Probe
