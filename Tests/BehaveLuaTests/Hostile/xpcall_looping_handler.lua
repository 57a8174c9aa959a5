-- expect: instruction budget exceeded|time limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  xpcall(function() while true do end end, function() while true do end end)
  while true do end
end

return Hostile
