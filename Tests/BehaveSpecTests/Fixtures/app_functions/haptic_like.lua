-- A like button that uses the app's own functions: a vibration on each
-- tap, and the label's text as the app words it.
local HapticLike = behaviour {
  name = "HapticLike",
  outlets = { button = "Button", label = "Label" },
  inspectables = { count = 0 },
}

function HapticLike:awake()
  self.button:on("touchUpInside", function()
    self.count = self.count + 1
    haptics.vibrate("light")
    self.label.text = require("haptics").describe(self.count)
  end)
end

return HapticLike
