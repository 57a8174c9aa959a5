local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, requires = { "camera", "photoLibrary" } }
function Probe:awake()
  self.button:on("touchUpInside", function()
    self.before = true
    self.answer = platform.requestPermission("camera")
  end)
end
return Probe
