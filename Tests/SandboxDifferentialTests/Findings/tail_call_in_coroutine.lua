-- The same tail calls at the bottom of a coroutine.
local function loop(n)
  if n == 0 then return "done" end
  return loop(n - 1)
end

return coroutine.wrap(function() return loop(20000) end)()
