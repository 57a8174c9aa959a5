local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, requires = { "camera" } }
function Probe:destroy()
  self.before = true
  platform.requestPermission("camera")
  self.after = true
end
return Probe
