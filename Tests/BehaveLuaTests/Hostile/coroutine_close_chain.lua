-- expect: stack overflow|too deep|nest|cannot
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local function chain(n)
    local co = coroutine.create(function() coroutine.yield() end)
    coroutine.resume(co)
    if n > 0 then
      local inner = coroutine.wrap(function() chain(n - 1) end)
      inner()
    end
    return coroutine.close(co)
  end
  chain(100000)
end

return Hostile
