local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local ok = pcall(error, { code = 42 })
  error({ code = 42 })
end
return Probe
