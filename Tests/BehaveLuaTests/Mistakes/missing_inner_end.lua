-- expect: missing_inner_end.lua:27:3: error: the `while` on line 27 has no `end`: the `end` on line 33, indented as the `function` of line 21, closes it instead, so that `function` is left open; add `end` for the `while` of line 27 before line 32, indented as the `while`
-- expect: missing_inner_end.lua:36: 'end' expected (to close 'function' at line 21) near <eof>
-- phase: load
local Countdown = behaviour {
  name = "Countdown",
  outlets = { label = "Label", resend = "Button" },
  inspectables = { seconds = 30 },
}

function Countdown:awake()
  self.resend:on("touchUpInside", function() self:start() end)
end

-- Counts down once a second, then offers to send the code again.
--
-- The button is disabled while the countdown runs, so a second tap does
-- not start a second countdown.
--
--

function Countdown:start()
  self.resend.enabled = false
  local left = self.seconds
  -- One line a second; the label turns red for the last ten.
  --
  --
  while left > 0 do
    self.label.text = tostring(left)
    wait(1)
    left = left - 1

  self.resend.enabled = true
end

return Countdown
