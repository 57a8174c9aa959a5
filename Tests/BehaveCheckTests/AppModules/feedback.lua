-- Calls of the app's `haptics` module: those in awake are right; each line
-- of mistakes() makes one mistake the linter finds.
local Feedback = behaviour { name = "Feedback", outlets = { button = "Button" } }

function Feedback:awake()
  self.button:on("touchUpInside", function()
    haptics.vibrate("heavy")
    haptics.vibrate()
    haptics.track("tapped", { count = 1 })
    haptics.track("tapped", self:details())
    self.profile = haptics.fetch("ada")
  end)
end

function Feedback:details()
  return { count = 2 }
end

function Feedback:mistakes()
  haptics.vibrat("heavy")
  haptic.vibrate("heavy")
  haptics.vibrate("hevy")
  haptics.vibrate("heavy", 2)
  haptics.track()
  haptics.track("tapped", function() end)
  haptics.track("tapped", "count")
  haptics:vibrate("heavy")
end

return Feedback
