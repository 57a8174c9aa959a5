local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local ok = pcall(error, self.button)
  error(self.button)
end
return Probe
