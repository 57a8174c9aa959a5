-- A mistake on purpose, which Docs/checking.md shows: the `while` of
-- Countdown:start lacks its `end`, and `behave check` says which block
-- the `end`s that follow close instead.
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
