local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:awake() self.g = _G end
return Probe
