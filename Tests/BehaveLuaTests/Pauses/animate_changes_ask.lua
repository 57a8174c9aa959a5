local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:attack()
  self.started = true
  animate(1, function() self.button.alpha = 0.5; ask { options = { "x" } } end)
end
return Probe
