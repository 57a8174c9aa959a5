-- Examples/Cookbook/search.lua
-- Debounce: search once the typing stops for `delay` seconds, not at
-- every key.
local Search = behaviour {
  name = "DebouncedSearch",
  outlets = { field = "TextField", status = "Label" },
  inspectables = {
    delay = { type = "number", default = 0.3, min = 0, max = 5 },
  },
  events = { "valueChanged" },
}

function Search:awake()
  local pending
  self.field:on("editingChanged", function(field)
    if pending then pending:cancel() end
    pending = after(self.delay, function()
      self.status.text = "Searching for " .. field.text
      self:send("valueChanged", field.text)
    end)
  end)
end

return Search
