-- expect: attempt to index|protected|cannot change
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  getmetatable('').__index = { upper = function() return 'pwned' end }
end

return Hostile
