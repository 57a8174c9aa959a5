local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, requires = { "camera" } }
function Probe:destroy()
  self.before = true
  animate(0.3, function() self.button.alpha = 0 end)
  self.after = true
end
return Probe
