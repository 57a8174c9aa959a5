-- expect: repeating_timer.lua:10: `every` is not defined here (no local, global or Behave function has this name), so it is nil; Behave has no repeating timer: an `after` whose function does the work and schedules the next `after` repeats, until it stops scheduling
-- connect: clock
local Clock = behaviour {
  name = "Clock",
  outlets = { clock = "Label" },
}

function Clock:awake()
  self.seconds = 0
  every(1, function()
    self.seconds = self.seconds + 1
    self.clock.text = tostring(self.seconds)
  end)
end

return Clock
