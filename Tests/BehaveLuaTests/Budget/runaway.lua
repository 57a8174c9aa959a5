local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go() while true do end end
return Probe
