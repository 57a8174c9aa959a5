local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
local function deep(n)
  if n == 0 then error("bottom") end
  return coroutine.wrap(function() return deep(n - 1) end)()
end
function Probe:awake()
  deep(5)
end
return Probe
