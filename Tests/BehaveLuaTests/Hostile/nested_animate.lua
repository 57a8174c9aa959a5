-- expect: cannot be called inside another animate
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  animate(1, function() animate(1, function() end) end)
end

return Hostile
