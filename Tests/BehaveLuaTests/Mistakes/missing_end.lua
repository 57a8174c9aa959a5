-- expect: missing_end.lua:15:1: error: found the end of the file where `end` was expected to close the `function` on line 9; add `end` where the `function` of line 9 should end
-- expect: missing_end.lua:15: 'end' expected (to close 'function' at line 9) near <eof>
-- phase: load
local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button" },
}

function Like:go()
  if self.liked then
    self.liked = false
  end

return Like
