-- Examples/Cookbook/countdown.lua
-- A countdown: "Resend code in 30 s" ticks down once a second; at zero
-- the button can send the code again, which starts the countdown anew.
local Countdown = behaviour {
  name = "ResendCountdown",
  outlets = { resend = "Button" },
  inspectables = {
    seconds = { type = "integer", default = 30, min = 1, max = 600 },
  },
  events = { "resent" },
}

function Countdown:awake()
  -- A repeating timer: each tick schedules the next, and `timer` is the
  -- one to come, so that starting again can cancel it.
  local timer
  local function tick()
    self:_show()
    if self.remaining > 0 then
      timer = after(1, function()
        self.remaining = self.remaining - 1
        tick()
      end)
    end
  end
  local function start()
    if timer then timer:cancel() end
    self.remaining = self.seconds
    tick()
  end
  self.resend:on("touchUpInside", function()
    self:send("resent")
    start()
  end)
  start()
end

function Countdown:_show()
  local waiting = self.remaining > 0
  self.resend.enabled = not waiting
  self.resend.title = waiting and ("Resend code in %d s"):format(self.remaining) or "Resend code"
end

return Countdown
