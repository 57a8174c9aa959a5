-- expect: missing_return.lua:10: the script must end by returning its behaviour, or Behave cannot use it; end the script with `return Like`
-- phase: load
local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button" },
}

function Like:go()
  self.button.title = "liked"
end
