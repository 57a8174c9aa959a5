local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.taps = 0
  self.button:on("touchUpInside", function() self.taps = self.taps + 1 end)
end
return Probe
