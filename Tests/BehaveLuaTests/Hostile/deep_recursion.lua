-- expect: stack overflow|memory limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local function dive(n) return 1 + dive(n + 1) end
  return dive(1)
end

return Hostile
