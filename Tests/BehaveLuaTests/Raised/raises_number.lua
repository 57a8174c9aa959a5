local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local ok = pcall(error, 42)
  error(42)
end
return Probe
