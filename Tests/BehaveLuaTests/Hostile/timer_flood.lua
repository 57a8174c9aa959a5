-- expect: hostile.lua:6: after: memory limit exceeded|timer_flood.lua:6: after: memory limit exceeded|timer_flood.lua:6: time limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local function nothing() end
  while true do after(1000, nothing) end  -- each timer holds host memory
end

return Hostile
