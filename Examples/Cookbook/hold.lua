-- Examples/Cookbook/hold.lua
-- Press and hold: a touch that lasts `duration` seconds is a hold, a
-- shorter one a tap.
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
  self.button:on("touchDown", function()
    timer = after(self.duration, function()
      self.status.text = "Held"
      self:send("held")
    end)
  end)
  self.button:on("touchUpInside", function()
    if timer and timer.pending then
      timer:cancel()
      self.status.text = "Tapped"
    end
  end)
end

return Hold
