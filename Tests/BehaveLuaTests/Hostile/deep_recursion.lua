-- expect: stack overflow|memory limit exceeded|deep_recursion.lua:7: instruction budget exceeded
-- (which comes first depends on how fast the budget is spent: counted
-- instruction by instruction, or priced by the watchdog's windows)
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local function dive(n) return 1 + dive(n + 1) end
  return dive(1)
end

return Hostile
