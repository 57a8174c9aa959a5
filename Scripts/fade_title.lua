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

-- A helper, not a method: scenes cannot wire events to it.
local function fade(self)
  local shown = 1 - self.offset / self.distance
  self.title.alpha = math.max(0, math.min(1, shown))
end

function FadeTitle:awake()
  self.offset = 0
end

function FadeTitle:scrollViewDidScroll(scrollView)
  self.offset = scrollView.contentOffset.y
  fade(self)
end

function FadeTitle:changed(name)
  if name == "distance" then fade(self) end
end

return FadeTitle
