-- Two mistakes, as the README shows them: behave check like.lua; behave run like.lua
local Like = behaviour { name = "Like", outlets = { button = "Button", countLabel = "Label" } }

function Like:refresh() self.countLabel.text = tostring(self.count) end

-- Each tap should count and show the count.
function Like:awake()
  self.count = 0
  self.button:on("touchUpInside", function() self:refrsh() end)
  self.countLable.text = "0"
end

return Like
