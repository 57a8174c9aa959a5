-- The scroll storm's behaviour: three of these sit behind a Multiplexer on
-- a scroll view's delegate, and each sets two properties of its view at
-- every scroll.
local Follow = behaviour {
  name = "Follow",
  outlets = { view = "View" },
  inspectables = { speed = { type = "number", default = 0.5 } },
}

function Follow:scrollViewDidScroll(scrollView)
  local y = scrollView.contentOffset.y
  self.view.alpha = 1 - (y % 100) / 100
  self.view.frame = { 0, y * self.speed, 375, 200 }
end

return Follow
