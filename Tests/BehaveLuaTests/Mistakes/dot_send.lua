-- expect: dot_send.lua:10: `send` is called with `.`, so it does not receive `self`; write `self:send(…)` with a colon
-- connect: button
local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button" },
  events = { "valueChanged" },
}

function Like:go()
  self.send("valueChanged")
end

return Like
