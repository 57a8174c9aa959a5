local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, inspectables = { speed = { type = "number", default = 1 } } }
function Probe:awake() self.seen = { tostring(self.button), tostring(getmetatable(self)) } end
function Probe:changed(name) self.seen[#self.seen + 1] = tostring(self[name]) end
return Probe
