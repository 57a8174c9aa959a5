-- The number of comments under a post, in the words of `counting`, which
-- the like button shares.
local counting = require "counting"

local Comments = behaviour {
  name = "CommentCount",
  outlets = { countLabel = "Label" },
  inspectables = { commentCount = { type = "integer", default = 0, min = 0 } },
}

function Comments:awake()
  self.count = self.commentCount
  self:_show()
end

-- Actions, for the scene to wire.
function Comments:added()
  self.count = self.count + 1
  self:_show()
end

function Comments:removed()
  self.count = math.max(0, self.count - 1)
  self:_show()
end

function Comments:_show()
  self.countLabel.text = counting.phrase(self.count, "comment")
end

return Comments
