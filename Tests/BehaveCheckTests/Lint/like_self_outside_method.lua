local Like = behaviour { name = "Like", outlets = { button = "Button", countLabel = "Label" } }

local function refresh()
  self.button.title = self.liked and "Liked" or "Like"
  self.countLabel.text = self.count .. " likes"
end

local function reset() self.count = 0 end

function Like:awake() reset() refresh() end

return Like
