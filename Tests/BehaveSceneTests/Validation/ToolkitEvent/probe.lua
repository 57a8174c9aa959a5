local Probe = behaviour { name = "Probe", outlets = { decaf = "Switch" } }
function Probe:awake() self.decaf:on("notify::active", function() end) end
return Probe
