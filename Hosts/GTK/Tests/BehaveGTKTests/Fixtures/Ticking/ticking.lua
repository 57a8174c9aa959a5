-- Prints "tick N" four times a second: the window's clock is running.
local Ticking = behaviour { name = "Ticking", outlets = { go = "Button" } }

function Ticking:awake()
  local ticks = 0
  local function tick()
    ticks = ticks + 1
    print("tick " .. ticks)
    after(0.25, tick)
  end
  after(0.25, tick)
end

return Ticking
