local Probe = behaviour { name = "Probe", outlets = {}, inspectables = { speed = { type = "number", default = 1 } } }
function Probe:awake() error("woke " .. self.name) end
function Probe:changed() error("changed " .. self.name) end
function Probe:destroy() error("gone " .. self.name) end
return Probe
