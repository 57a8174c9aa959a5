local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go() self.button.alpha = 0.5 end
return Probe
