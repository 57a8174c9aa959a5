-- Saved over toggle.lua by Behave Studio's tests: a script that loads and
-- raises an error as it wakes, so that the reload's note and the error
-- are both in the timeline.
local Failing = behaviour {
  name = "FailingToggle",
  outlets = { button = "Button" },
  inspectables = {
    normalImage   = { type = "image",  default = "toggle-off" },
    selectedImage = { type = "image",  default = "toggle-on" },
    animated      = { type = "bool",   default = false },
    duration      = { type = "number", default = 0.7, min = 0, max = 10 },
  },
  events = { "valueChanged" },
}

function Failing:awake()
  error("cannot wake")
end

return Failing
