-- expect: dot_for_colon.lua:9: `on` is called with `.`, so the control is not passed to it; write `self.button:on(…)` with a colon
-- connect: button
local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button" },
}

function Like:awake()
  self.button.on("touchUpInside", function() self:go() end)
end

function Like:go() end

return Like
