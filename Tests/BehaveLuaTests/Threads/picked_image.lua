local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, requires = { "camera" } }
function Probe:awake()
  self.button:on("touchUpInside", function()
    local image = platform.pickImage("camera")
    self.picked = image and image.name or "cancelled"
  end)
end
return Probe
