-- expect: carry at most 64
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local values = {}
  for i = 1, 500 do values[i] = i end
  self:sendAction("attack", table.unpack(values))
end

return Hostile
