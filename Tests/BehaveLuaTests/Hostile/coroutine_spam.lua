-- expect: instruction budget exceeded|time limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  while true do coroutine.wrap(function() end)() end
end

return Hostile
