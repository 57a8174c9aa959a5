local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local s = string.rep("y", 64 * 1024 * 1024)
  self.button.title = "made " .. #s
end
return Probe
