-- expect: this is a handler's coroutine
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local handler = coroutine.running()
  coroutine.resume(handler)
end

return Hostile
