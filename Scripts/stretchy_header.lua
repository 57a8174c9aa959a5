-- StretchyHeader: a header view at the top of a scroll view's content that
-- stretches when the content is pulled down and collapses when it is
-- scrolled up, down to `minimumHeight`, where it sticks. Its top follows the
-- visible top; its bottom stays on the content until it is collapsed. Make
-- it the scroll view's delegate, or a target of the Multiplexer that is.
local StretchyHeader = behaviour {
  name = "StretchyHeader",
  outlets = { header = "View" },
  inspectables = {
    minimumHeight = { type = "number", default = 0, min = 0 },
  },
  events = { "valueChanged" },          -- sent when it collapses or expands again
}

-- A helper, not a method: scenes cannot wire events to it.
local function layout(self)
  local frame = self.header.frame
  frame.y = self.origin + self.offset
  frame.height = math.max(self.minimumHeight, self.restHeight - self.offset)
  self.header.frame = frame
  local collapsed = frame.height <= self.minimumHeight
  if collapsed ~= self.collapsed then
    self.collapsed = collapsed
    self:send("valueChanged")
  end
end

function StretchyHeader:awake()
  local frame = self.header.frame
  self.origin, self.restHeight = frame.y, frame.height   -- the header at offset 0
  self.offset = 0
  self.collapsed = self.restHeight <= self.minimumHeight
end

function StretchyHeader:scrollViewDidScroll(scrollView)
  self.offset = scrollView.contentOffset.y
  layout(self)
end

function StretchyHeader:changed(name)
  if name == "minimumHeight" then layout(self) end
end

return StretchyHeader
