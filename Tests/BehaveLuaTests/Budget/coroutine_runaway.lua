local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
local function spin()
  while true do end
end

function Probe:go()
  pcall(coroutine.wrap(spin))
  self.after = true
end
return Probe
