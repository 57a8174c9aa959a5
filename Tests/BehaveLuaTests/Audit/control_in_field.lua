local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.kept = self.button
  self.list = { self.button, self.button }
end
return Probe
