-- Parallax: a view moves with a scroll view's content offset, at `speed`
-- times the content's speed (0.5: half as fast; 0: it stays put). Make it
-- the scroll view's delegate, or a target of the Multiplexer that is.
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
  frame.y = self.origin - self.offset * self.speed
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
