local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:destroy()
  animate(0, function() self.button.alpha = 0.5 end)
  self.done = true
end
return Probe
