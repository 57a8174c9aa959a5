-- expect: unconnected_outlet.lua:9: `self.countLabel` is nil: the scene did not connect the outlet `countLabel`; connect it to a Label in the scene file, under the behaviour's `outlets:`
-- connect: button
local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button", countLabel = "Label" },
}

function Like:awake()
  self.countLabel.text = "0"
end

return Like
