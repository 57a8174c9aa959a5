local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, requires = { "camera" } }
function Probe:awake()
  self.button:on("touchUpInside", function()
    self.answer = platform.requestPermission("camera")
  end)
end
return Probe
