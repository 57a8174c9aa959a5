local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, requires = { "camera", "photoLibrary" } }
function Probe:awake()
  self.camera = platform.available("camera")
  self.library = platform.available("photoLibrary")
  self.permission = platform.permission("camera")
end
return Probe
