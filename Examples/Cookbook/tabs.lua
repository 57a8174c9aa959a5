-- Examples/Cookbook/tabs.lua
-- Tabs: a row of buttons and a page for each, in two outlet collections
-- listed in the same order; the selected tab's page is the one shown.
local Tabs = behaviour {
  name = "Tabs",
  outletCollections = { tabs = "Button", pages = "View" },
  inspectables = { selected = { type = "integer", default = 1, min = 1 } },
  events = { "valueChanged" },
}

function Tabs:awake()
  -- A collection is a Lua list: its first control is `self.tabs[1]`.
  for index, tab in ipairs(self.tabs) do
    tab:on("touchUpInside", function() self.selected = index end)
  end
  self:_show()
end

-- Whoever sets `selected` (a tap, the scene, a spec), the tabs follow.
function Tabs:changed(name, old, new)
  if name ~= "selected" or old == new then return end
  self:_show()
  self:send("valueChanged", new)
end

function Tabs:_show()
  for index, tab in ipairs(self.tabs) do
    tab.selected = index == self.selected
  end
  for index, page in ipairs(self.pages) do
    page.hidden = index ~= self.selected
  end
end

return Tabs
