local a = { name = "A", inspectables = { x = 1, y = { type = "number", min = 0 } }, events = { "e", "f" } }
local b = { events = { "e", "f" } }
b.inspectables = { y = { min = 0, type = "number" } }
b.inspectables.x = 1
b.name = "A"
for i = 1, 40 do b[i + 100] = i end
for i = 1, 40 do b[i + 100] = nil end
return a, b,
  { name = "A", inspectables = { x = 1.0, y = { type = "number", min = 0 } }, events = { "e", "f" } },
  { name = "A", inspectables = { x = "1", y = { type = "number", min = 0 } }, events = { "e", "f" } },
  { name = "A", inspectables = { x = 1, y = { type = "number", min = 0 } }, events = { "f", "e" } }
