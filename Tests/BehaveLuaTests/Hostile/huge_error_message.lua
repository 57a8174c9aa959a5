-- expect: xxxxxxxx
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  error(string.rep('x', 1e6))
end

return Hostile
