local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  platform.openSettings()
  self.camera = platform.available("camera")
end
return Probe
