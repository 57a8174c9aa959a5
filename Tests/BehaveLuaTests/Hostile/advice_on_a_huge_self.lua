-- expect: `self.buton` is not an outlet, an inspectable, a method nor a field this script sets, so it is nil here and using it fails; did you mean `self.button`?
-- A message's "did you mean" reads a bounded number of the fields.
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  for i = 1, 60000 do rawset(self, "field" .. i, i) end
  self.buton.title = "x"
end

return Hostile
