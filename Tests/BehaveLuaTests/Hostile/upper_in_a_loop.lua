-- expect: time limit exceeded|instruction budget exceeded|memory limit exceeded
-- Few instructions, each a long C call over a large string: the clock is
-- looked at on large allocations, so the time limit still ends it.
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local big = string.rep("x", 8 * 1024 * 1024)
  while true do big = big:upper():lower() end
end

return Hostile
