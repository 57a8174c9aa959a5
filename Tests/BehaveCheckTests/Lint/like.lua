local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button", countLabel = "Label" },
  inspectables = { count = 0 },
  events = { "valueChanged" },
}

function Like:awake()
  self.liked = false
  self.button:on("touchUpInside", function() self:like() end)
end

function Like:like()
  self.liked = not self.liked
  self.count = self.count + 1
  self.countLabel.text = tostring(self.count)
  self:send("valueChanged")
end

return Like
