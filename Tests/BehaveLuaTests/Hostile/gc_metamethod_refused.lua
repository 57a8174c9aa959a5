-- expect: __gc is not allowed
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  setmetatable({}, { __gc = function() while true do end end })
end

return Hostile
