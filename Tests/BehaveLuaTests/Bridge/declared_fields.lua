local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, inspectables = { duration = { type = "number", default = 1, min = 0, max = 5 } } }
function Probe:awake()
  self.toggled = true
  self.durration = 2
  self.okType = pcall(function() self.duration = 3 end)
  self.badType = pcall(function() self.duration = "slow" end)
  self.outletSet = pcall(function() self.button = nil end)
  self.nameSet = pcall(function() self.name = "other" end)
end
return Probe
