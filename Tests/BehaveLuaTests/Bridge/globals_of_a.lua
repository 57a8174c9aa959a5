local Probe = behaviour { name = "Probe", outlets = {} }
shared = "from a"
string.upper = nil
function Probe:awake() self.sawUpper = string.upper == nil end
return Probe
