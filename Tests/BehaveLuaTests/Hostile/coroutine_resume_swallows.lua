-- expect: instruction budget exceeded|time limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  while true do
    local co = coroutine.create(function() while true do end end)
    coroutine.resume(co)
  end
end

return Hostile
