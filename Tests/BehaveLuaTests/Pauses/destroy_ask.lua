local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, requires = { "camera" } }
function Probe:destroy()
  self.before = true
  ask { options = { "a" } }
  self.after = true
end
return Probe
