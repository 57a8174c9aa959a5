local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:awake() self.draws = { math.random(1000), math.random(1000), math.random(1000) } end
return Probe
