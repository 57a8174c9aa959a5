-- expect: dot_method.lua:13: `self` is nil here: `refresh` was called with `.` instead of `:`; call it with a colon: `self:refresh(…)`
-- connect: button
local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button" },
}

function Like:go()
  self.refresh()
end

function Like:refresh()
  self.button.title = "liked"
end

return Like
