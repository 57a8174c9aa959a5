local Like = behaviour { outlets = { button = "Button" } }

function Like:awake()
  self.button:on("touchUpInside", function()
    self:like()
  )
end

function Like:like() end

return Like
