-- An onboarding pager: pages stacked in a scroll view, a label saying which
-- one shows, Next (animated) and Skip (a jump to the last page). The label
-- follows the offset however it moves: the user's scroll, the animation's
-- frames, a set. On the last page Next becomes "Get started" and sends
-- `finishOnboarding` up the responder chain, to the screen.
local Onboarding = behaviour {
  name = "Onboarding",
  outlets = { pages = "ScrollView", pageLabel = "Label", nextButton = "Button", skipButton = "Button" },
  inspectables = {
    pageCount = { type = "integer", default = 3, min = 1 },
  },
}

function Onboarding:awake()
  self.nextButton:on("touchUpInside", function() self:next() end)
  self.skipButton:on("touchUpInside", function() self:skip() end)
  self:_show(1)
end

-- The page height is the scroll view's: one page fills it.
function Onboarding:_pageHeight()
  return math.max(1, self.pages.frame.height)
end

-- A delegate message (the scene makes this behaviour the scroll view's
-- delegate): every change of the offset comes here.
function Onboarding:scrollViewDidScroll(scrollView)
  local page = math.floor(scrollView.contentOffset.y / self:_pageHeight() + 0.5) + 1
  self:_show(math.max(1, math.min(self.pageCount, page)))
end

function Onboarding:next()
  if self.page == self.pageCount then
    self:sendAction("finishOnboarding")
    return
  end
  local y = self.page * self:_pageHeight()
  animate(0.3, function() self.pages.contentOffset = { x = 0, y = y } end)
end

function Onboarding:skip()
  self.pages.contentOffset = { x = 0, y = (self.pageCount - 1) * self:_pageHeight() }
end

function Onboarding:_show(page)
  self.page = page
  self.pageLabel.text = ("%d of %d"):format(page, self.pageCount)
  self.nextButton.title = page == self.pageCount and "Get started" or "Next"
  self.skipButton.hidden = page == self.pageCount
end

return Onboarding
