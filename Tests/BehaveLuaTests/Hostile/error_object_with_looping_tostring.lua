-- expect: error object is a table value
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  error(setmetatable({}, { __tostring = function() while true do end end }))
end

return Hostile
