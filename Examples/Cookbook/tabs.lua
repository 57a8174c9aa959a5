-- Examples/Cookbook/tabs.lua
-- Tabs: a row of buttons and a page for each, in two outlet collections
-- listed in the same order; the selected tab's page is the one shown.
local Tabs = behaviour {
  name = "Tabs",
  outletCollections = { tabs = "Button", pages = "View" },
  inspectables = {
    selected = { type = "integer", default = 1, min = 1 },
    selectedColor = { type = "color", default = "blue" },
    normalColor = { type = "color", default = "gray" },
  },
  events = { "valueChanged" },
}

function Tabs:awake()
  -- A collection is a Lua list: its first control is `self.tabs[1]`.
  for index, tab in ipairs(self.tabs) do
    tab:on("touchUpInside", function() self.selected = index end)
  end
  self:_show()
end

-- Whoever sets `selected` or a colour (a tap, the scene, a spec), the tabs
-- follow.
function Tabs:changed(name, old, new)
  if old == new then return end
  self:_show()
  if name == "selected" then self:send("valueChanged", new) end
end

-- The chosen tab is selected, bold and in `selectedColor` (UIKit's
-- selected state); the others regular and in `normalColor`.
function Tabs:_show()
  for index, tab in ipairs(self.tabs) do
    local chosen = index == self.selected
    tab.selected = chosen
    tab.fontWeight = chosen and "bold" or "regular"
    tab.titleColor = chosen and self.selectedColor or self.normalColor
  end
  for index, page in ipairs(self.pages) do
    page.hidden = index ~= self.selected
  end
end

return Tabs
