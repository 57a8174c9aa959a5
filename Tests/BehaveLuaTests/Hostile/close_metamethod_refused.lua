-- expect: __close is not allowed
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local guard <close> = setmetatable({}, { __close = function() while true do end end })
end

return Hostile
