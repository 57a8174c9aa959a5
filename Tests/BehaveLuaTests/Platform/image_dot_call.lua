local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, requires = { "camera", "photoLibrary" } }
function Probe:awake()
  self.button:on("touchUpInside", function()
    local image = platform.pickImage("photoLibrary")
    self.picked = image.fitting(64, 64)
  end)
end
return Probe
