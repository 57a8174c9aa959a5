local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, requires = { "camera", "photoLibrary" } }
function Probe:awake()
  self.button:on("touchUpInside", function()
    local image = platform.pickImage("photoLibrary")
    self.picked = image and image:fitting(1024, 1024) or "cancelled"
    self.size = image and (image.width .. "x" .. image.height)
  end)
end
return Probe
