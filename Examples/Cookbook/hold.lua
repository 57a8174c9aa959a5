-- Examples/Cookbook/hold.lua
-- Press and hold: a touch that lasts `duration` seconds is a hold, a
-- shorter one a tap; a finger that slides off the button, or a touch the
-- system takes away, is neither.
local Hold = behaviour {
  name = "PressAndHold",
  outlets = { button = "Button", status = "Label" },
  inspectables = {
    duration = { type = "number", default = 0.5, min = 0.1, max = 5 },
  },
  events = { "held" },
}

function Hold:awake()
  local timer
  -- Ends a touch that is not yet a hold, saying what it was.
  local function stop(outcome)
    if timer and timer.pending then
      timer:cancel()
      self.status.text = outcome
    end
  end
  self.button:on("touchDown", function()
    timer = after(self.duration, function()
      self.status.text = "Held"
      self:send("held")
    end)
  end)
  self.button:on("touchUpInside", function() stop("Tapped") end)
  self.button:on("touchDragExit", function() stop("Cancelled") end)
  self.button:on("touchCancel", function() stop("Cancelled") end)
end

return Hold
