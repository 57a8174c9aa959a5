local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, requires = { "camera" } }
function Probe:destroy()
  self.before = true
  wait(1)
  self.after = true
end
return Probe
