-- CPU-bound Lua: arithmetic in a loop, recursive calls and a table filled
-- and summed. Behave runs it in a behaviour's action, under the sandbox's
-- limits; stock lua5.4 runs it through cpu_main.lua. `scale` multiplies
-- the work; the result is a checksum both sides print.
local function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end

return function(scale)
  local sum = 0
  for i = 1, 1000000 * scale do
    sum = sum + (i * 7) % 13
  end
  for _ = 1, scale do
    sum = sum + fib(20)
  end
  for _ = 1, scale do
    local t = {}
    for i = 1, 100000 do t[i] = i * 2 end
    for i = 1, #t do sum = sum + t[i] end
  end
  return sum
end
