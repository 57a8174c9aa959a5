local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local ok = pcall(error, nil)
  error(nil)
end
return Probe
