-- expect: coroutine_resume_dropped.lua:6: instruction budget exceeded|coroutine_resume_dropped.lua:6: time limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local co = coroutine.create(function()
    while true do end
  end)
  coroutine.resume(co)  -- its false is dropped, and the action returns
end

return Hostile
