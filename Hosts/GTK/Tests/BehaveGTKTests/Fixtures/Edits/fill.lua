-- Fills the scene's text (what its controls may hold in all) but for
-- `room` bytes, in labels no one sees, so that typing past them into the
-- field is refused.
local Fill = behaviour {
  name = "Fill",
  outlets = { field = "TextField" },
  outletCollections = { stores = "Label" },
  inspectables = { room = { type = "integer", default = 3, min = 0, max = 100 } },
}

function Fill:awake()
  local chunk = string.rep("x", 7 << 20)
  local function holds(label, size)
    return pcall(function() label.text = chunk:sub(1, size) end)
  end
  -- Whole chunks while they fit, then the largest piece that does.
  local last
  for _, label in ipairs(self.stores) do
    if not holds(label, #chunk) then
      last = label
      break
    end
  end
  local size, step = 0, #chunk
  while step >= 1 do
    if holds(last, size + step) then size = size + step end
    step = step // 2
  end
  holds(last, size - self.room)
  print("room for " .. self.room .. " bytes")
  -- What the field holds, read back when Return is pressed in it.
  self.field:on("editingDidEndOnExit", function(field) print("the field holds " .. field.text) end)
end

return Fill
