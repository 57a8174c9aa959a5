local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button", countLabel = "Label" },
}

liked = false

function Like:awake()
  self.button:on("touchUpInside", function()
    liked = not liked
    self.countLable.text = liked and "1" or "0"
  end)
end

return Like
