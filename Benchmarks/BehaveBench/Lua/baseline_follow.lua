-- The raw C API baseline's scroll storm behaviour: scroll_follow.lua's
-- handler on a plain table, for the C view passed as the chunk's argument.
local Follow = {}
Follow.__index = Follow

function Follow:scrollViewDidScroll(scrollView)
  local y = scrollView.contentOffset.y
  self.view.alpha = 1 - (y % 100) / 100
  self.view.frame = { 0, y * self.speed, 375, 200 }
end

local view = ...
local self = setmetatable({ view = view, speed = 0.5 }, Follow)

return function(scrollView) return self:scrollViewDidScroll(scrollView) end
