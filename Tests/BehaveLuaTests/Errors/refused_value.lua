local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  local a = 1
  self.button.title = {}
end
return Probe
