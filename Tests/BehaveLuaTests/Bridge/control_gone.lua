local Probe = behaviour { name = "Probe", outlets = { button = "Button", other = "Button" } }
function Probe:awake()
  local button = self.button
  self.other:on("touchUpInside", function() button.title = "still here?" end)
end
return Probe
