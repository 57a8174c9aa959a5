local Probe = behaviour { name = "Probe", outlets = { label = "Label" } }
function Probe:fade()
  self.label.alpha = 0.8
  animate(0, function() self.label.alpha = 0.2 end)
  self.faded = true
end
return Probe
