-- expect: __concat is not allowed
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local t = setmetatable({}, { __concat = function(a, b) return a end })
  return t .. 'x'
end

return Hostile
