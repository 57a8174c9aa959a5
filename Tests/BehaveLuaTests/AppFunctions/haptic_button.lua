-- A button that gives feedback through the app's own functions: the
-- module as a global (`testapp`) and through `require`.
local HapticButton = behaviour {
  name = "HapticButton",
  outlets = { button = "Button" },
  inspectables = { style = { type = "enum", values = { "light", "heavy" }, default = "heavy" } },
}

local app = require "testapp"

function HapticButton:awake()
  self.taps = 0
  self.button:on("touchUpInside", function()
    self.taps = self.taps + 1
    testapp.vibrate(self.style)
    local echoed = app.echo({ taps = self.taps, tags = { "a", "b" } }, "two", 3.5, true)
    self.echoedTaps = echoed.taps
    self.echoedTag = echoed.tags[2]
    self.echoedPlain = getmetatable(echoed) == nil
  end)
end

return HapticButton
