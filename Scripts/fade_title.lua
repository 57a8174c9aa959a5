-- FadeTitle: a title label fades out as a scroll view scrolls: fully shown
-- at offset 0, gone once the content has moved `distance` points. Make it
-- the scroll view's delegate, or a target of the Multiplexer that is.
local FadeTitle = behaviour {
  name = "FadeTitle",
  outlets = { title = "Label" },
  inspectables = {
    distance = { type = "number", default = 200, min = 1 },
  },
}

function FadeTitle:awake()
  self.offset = 0
end

function FadeTitle:scrollViewDidScroll(scrollView)
  self.offset = scrollView.contentOffset.y
  self:fade()
end

function FadeTitle:changed(name)
  if name == "distance" then self:fade() end
end

function FadeTitle:fade()
  local shown = 1 - self.offset / self.distance
  self.title.alpha = math.max(0, math.min(1, shown))
end

return FadeTitle
