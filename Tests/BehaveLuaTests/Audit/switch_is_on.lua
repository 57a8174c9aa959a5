local Probe = behaviour { name = "Probe", outlets = { sw = "Switch" } }
function Probe:awake()
  self.sw:on("valueChanged", function(sw) self.seen = sw.isOn end)
  self.sw.isOn = true
end
return Probe
