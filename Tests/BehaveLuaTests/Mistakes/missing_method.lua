-- expect: missing_method.lua:10: `self:refrsh()` calls a method the behaviour does not have; did you mean `self:refresh()`?
-- connect: button
local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button" },
}

function Like:go()
  self.count = 1
  self:refrsh()
end

function Like:refresh()
  self.button.title = tostring(self.count)
end

return Like
