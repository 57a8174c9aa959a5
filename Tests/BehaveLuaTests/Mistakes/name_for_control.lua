-- expect: name_for_control.lua:9: `self.name` is the behaviour's name, a string, not a control: a string has no method `on`; a control is `self.<outlet>`, as the behaviour declares them: `self.button`, `self.label`
-- connect: button label
local Like = behaviour {
  name = "LikeButton",
  outlets = { label = "Label", button = "Button" },
}

function Like:awake()
  self.name:on("touchUpInside", function()
    self.label.text = "liked by " .. self.name:lower()
  end)
end

return Like
