local Probe = behaviour { name = "Probe", outlets = {}, inspectables = { speed = { type = "number", default = 1, min = 0, max = 5 } } }
function Probe:awake()
  self.speed = 3
  self.ok, self.message = pcall(function() self.speed = 9 end)
end
return Probe
