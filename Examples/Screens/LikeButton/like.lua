-- A like button: a tap likes the post, another takes the like back. The
-- count beside it reads as people write counts ("1.2K likes"), with the
-- helpers of `counting`, which the comment count shares.
local counting = require "counting"

local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button", countLabel = "Label" },
  inspectables = {
    likeCount = { type = "integer", default = 0, min = 0 },
    likedColor = { type = "color", default = "pink" },
    color = { type = "color", default = "gray" },
  },
  events = { "valueChanged" },
}

function Like:awake()
  self.liked = false
  self.count = self.likeCount
  self.button:on("touchUpInside", function() self:tapped() end)
  self:_show()
end

-- The action: the button's tap, or whatever a scene wires to it. A like
-- goes up the responder chain as `postLiked`, for the screen.
function Like:tapped()
  self.liked = not self.liked
  self.count = self.count + (self.liked and 1 or -1)
  self:_show()
  self:send("valueChanged", self.liked)
  if self.liked then self:sendAction("postLiked", self.count) end
end

function Like:_show()
  local color = self.liked and self.likedColor or self.color
  self.button.title = self.liked and "♥" or "♡"
  self.button.titleColor = color
  self.button.selected = self.liked
  self.countLabel.text = counting.phrase(self.count, "like")
  self.countLabel.textColor = color
end

return Like
