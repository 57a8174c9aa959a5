-- expect: endless_recursion.lua:10: stack overflow while `countdown` calls itself; `countdown` calls itself without end? Make sure it stops calling itself (return before the call once its work is done)
-- limits: memory=256 instructions=100000000
-- connect: label
local Countdown = behaviour {
  name = "Countdown",
  outlets = { label = "Label" },
}

local function countdown(n)
  return countdown(n - 1) + 1
end

function Countdown:go()
  self.label.text = tostring(countdown(10))
end

return Countdown
