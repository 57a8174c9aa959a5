-- expect: misspelt_library_function.lua:9: `math` has no `flor`; did you mean `math.floor`?
local Rounder = behaviour {
  name = "Rounder",
  inspectables = { value = 2.5 },
}

function Rounder:go()
  -- Lua says "attempt to call a nil value (field 'flor')"
  self.value = math.flor(self.value)
end

return Rounder
