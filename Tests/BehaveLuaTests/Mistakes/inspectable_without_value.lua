-- expect: inspectable_without_value.lua:10: `self.icon` is nil: the inspectable `icon` has no value; give it a `default` in `behaviour { … }`, or set it in the scene
-- connect: button
local Badge = behaviour {
  name = "Badge",
  outlets = { button = "Button" },
  inspectables = { icon = { type = "image" } },
}

function Badge:awake()
  self.button.title = tostring(self.icon.width)
end

return Badge
