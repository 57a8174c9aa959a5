-- expect: undeclared_event.lua:10: LikeButton does not declare the event `valueChange` (did you mean `valueChanged`?); add it to `events`
-- connect: button
local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button" },
  events = { "valueChanged" },
}

function Like:go()
  self:send("valueChange")
end

return Like
