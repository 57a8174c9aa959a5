local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.button:on("touchUpInside", function(sender) self.sender = rawequal(sender, self.button) end)
end
return Probe
