-- expect: missing_method_no_near_name.lua:9: `self:celebrate()` calls a method the behaviour does not have; define it with `function Like:celebrate(…)`
-- connect: button
local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button" },
}

function Like:go()
  self:celebrate()
end

return Like
