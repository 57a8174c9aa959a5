-- expect: runaway.lua:10: instruction budget exceeded (1000000 instructions) while running this line; this loop never ends? Make sure its condition turns false, or spread long work over time with `after`
-- connect: button
local Counter = behaviour {
  name = "Counter",
  outlets = { button = "Button" },
}

function Counter:go()
  local count = 0
  while count >= 0 do
    count = count + 1
  end
end

return Counter
