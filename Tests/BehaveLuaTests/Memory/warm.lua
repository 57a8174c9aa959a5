local Probe = behaviour { name = "Warm", outlets = { button = "Button" } }
function Probe:go() for _ = 1, 2000000 do end end
return Probe
