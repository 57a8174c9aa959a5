-- expect: coroutine.yield was called outside
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  coroutine.yield()
end

return Hostile
