local Probe = behaviour { name = "Probe", outlets = {}, inspectables = { speed = 1 } }
function Probe:awake() wait(1); self.woke = true end
function Probe:changed(name) wait(1); self.changedLater = name end
return Probe
