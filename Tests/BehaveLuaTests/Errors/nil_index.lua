local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  local t = nil
  return t.x
end
return Probe
