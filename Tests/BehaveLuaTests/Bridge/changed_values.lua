local Probe = behaviour { name = "Probe", outlets = {}, inspectables = { speed = { type = "number", default = 1, min = 0, max = 5 } } }
function Probe:awake() self.log = {} end
function Probe:changed(name, old, new)
  self.log[#self.log + 1] = name .. ":" .. tostring(old) .. "->" .. tostring(new)
end
return Probe
