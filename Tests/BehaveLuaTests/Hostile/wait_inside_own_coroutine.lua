-- expect: can only pause a handler
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  coroutine.wrap(function() wait(1) end)()
end

return Hostile
