-- expect: runaway_deep.lua:11: instruction budget exceeded (1000000 instructions) while running this line; this loop never ends? Make sure its condition turns false, or spread long work over time with `after`
-- phase: load
local Counter = behaviour {
  name = "Counter",
}

-- The loop runs deeper in calls than the script ever went before.
local function countDown(depth)
  if depth == 0 then
    local count = 0
    while count >= 0 do
      count = count + 1
    end
  end
  local counted = countDown(depth - 1)
  return counted
end

countDown(100)

return Counter
