-- expect: instruction budget exceeded|time limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local t = setmetatable({}, { __index = function() while true do end end })
  return t.x
end

return Hostile
