local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, inspectables = { duration = { type = "number", default = 1 } } }
function Probe:awake()
  self.described = tostring(self)
  self.duration = #self.name
  self.outletSet = select(2, pcall(function() self.button = nil end))
end
return Probe
