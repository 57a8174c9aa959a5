-- Examples/Cookbook/pager.lua
-- Paging a scroll view: the label follows the page nearest the offset;
-- when scrolling stops, the view settles on that page. Buttons turn pages.
local Pager = behaviour {
  name = "Pager",
  outlets = {
    pages = "ScrollView", pageLabel = "Label",
    nextButton = "Button", previousButton = "Button",
  },
  inspectables = {
    pageHeight = { type = "number", default = 600, min = 1 },
    pageCount = { type = "integer", default = 3, min = 1 },
    settle = { type = "number", default = 0.2, min = 0, max = 2 },
  },
  events = { "valueChanged" },
}

function Pager:awake()
  self.currentPage = 1
  self.nextButton:on("touchUpInside", function() self:nextPage() end)
  self.previousButton:on("touchUpInside", function() self:previousPage() end)
  self:_show(1)
end

function Pager:nextPage() self:_turnTo(self.currentPage + 1) end
function Pager:previousPage() self:_turnTo(self.currentPage - 1) end

-- A delegate message: the scroll view is the outlet `pages`. It comes for
-- the user's scrolls and for the page-turning animation's frames too; only
-- a scroll by the user's finger (`dragging`) makes the view settle.
function Pager:scrollViewDidScroll(scrollView)
  local page = self:_nearest(scrollView.contentOffset.y)
  self:_show(page)
  if not scrollView.dragging then return end
  if self.settling then self.settling:cancel() end
  self.settling = after(self.settle, function() self:_turnTo(page) end)
end

function Pager:_nearest(y)
  local page = math.floor(y / self.pageHeight + 0.5) + 1
  return math.max(1, math.min(self.pageCount, page))
end

function Pager:_turnTo(page)
  page = math.max(1, math.min(self.pageCount, page))
  self:_show(page)
  if page ~= self.currentPage then
    self.currentPage = page
    self:send("valueChanged", page)
  end
  animate(0.3, function()
    self.pages.contentOffset = { x = 0, y = (page - 1) * self.pageHeight }
  end)
end

function Pager:_show(page)
  self.pageLabel.text = ("Page %d of %d"):format(page, self.pageCount)
  self.previousButton.enabled = page > 1
  self.nextButton.enabled = page < self.pageCount
end

return Pager
