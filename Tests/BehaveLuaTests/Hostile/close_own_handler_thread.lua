-- expect: this is a handler's coroutine
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  coroutine.close(coroutine.running())
end

return Hostile
