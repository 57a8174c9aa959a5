-- expect: stack overflow|memory limit exceeded|deep_recursion.lua:8: instruction budget exceeded|deep_recursion.lua:8: time limit exceeded
-- (which comes first depends on how fast the budget is spent, counted
-- instruction by instruction or priced by the watchdog's windows, and on
-- how busy the machine is)
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local function dive(n) return 1 + dive(n + 1) end
  return dive(1)
end

return Hostile
