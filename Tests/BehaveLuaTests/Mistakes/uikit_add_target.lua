-- expect: uikit_add_target.lua:9: Button has no property or method `addTarget` (did you mean `on`? `addTarget` is UIKit's method for it: a script hears an event with `control:on("event", function(control) … end)`, or a scene wires it under `connections:`) (on `button`)
-- connect: button
local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button" },
}

function Like:awake()
  self.button:addTarget(self, "tapped", "touchUpInside")
end

function Like:tapped() end

return Like
