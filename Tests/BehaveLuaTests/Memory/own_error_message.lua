local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local ok, caught = pcall(error, "not enough memory", 0)
  self.button.title = caught
  error("not enough memory", 0)
  self.button.title = "went on"
end
return Probe
