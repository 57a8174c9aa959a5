-- Saved over toggle.lua by Behave Studio's tests: the toggle scene's
-- inspectables, with a duration of at most 2, so that a duration of 5 kept
-- from the inspector is refused.
local Short = behaviour {
  name = "ShortToggle",
  outlets = { button = "Button" },
  inspectables = {
    normalImage   = { type = "image",  default = "toggle-off" },
    selectedImage = { type = "image",  default = "toggle-on" },
    animated      = { type = "bool",   default = false },
    duration      = { type = "number", default = 0.7, min = 0, max = 2 },
  },
  events = { "valueChanged" },
}

function Short:awake()
  self.button.image = self.normalImage
end

return Short
