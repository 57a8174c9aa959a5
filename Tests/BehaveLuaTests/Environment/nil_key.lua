local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:awake() local k = nil; _G[k] = 1 end
return Probe
