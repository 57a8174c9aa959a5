-- expect: method_as_global_call.lua:9: `refresh` is not defined here (no local, global or Behave function has this name), so it is nil; did you mean the method `self:refresh(…)`?
-- connect: button
local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button" },
}

function Like:go()
  refresh()
end

function Like:refresh()
  self.button.title = "liked"
end

return Like
