-- expect: memory limit exceeded|too large|not enough memory
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local s = string.rep('x', 1e10)
  return #s
end

return Hostile
