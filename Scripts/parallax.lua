-- Parallax: a view in a scroll view's content moves on screen at `speed`
-- times the content's speed: 1 moves with the content, 0.5 half as fast
-- (it lags behind, the classic parallax), 0 stays put on screen, and below
-- 0 it moves against the content. Make it the scroll view's delegate, or a
-- target of the Multiplexer that is.
--
-- The view is a subview of the scroll view, so its frame is in content
-- coordinates (as for stretchy_header): on screen it sits at `frame.y`
-- minus the content offset. Moving `speed` times as fast as the content
-- therefore means frame.y = origin + offset * (1 - speed).
local Parallax = behaviour {
  name = "Parallax",
  outlets = { view = "View" },
  inspectables = {
    speed = { type = "number", default = 0.5, min = -2, max = 2 },
  },
}

-- A helper, not a method: scenes cannot wire events to it.
local function follow(self)
  local frame = self.view.frame
  frame.y = self.origin + self.offset * (1 - self.speed)
  self.view.frame = frame
end

function Parallax:awake()
  self.origin = self.view.frame.y       -- where the view rests at offset 0
  self.offset = 0
end

function Parallax:scrollViewDidScroll(scrollView)
  self.offset = scrollView.contentOffset.y
  follow(self)
end

function Parallax:changed(name)
  if name == "speed" then follow(self) end
end

return Parallax
