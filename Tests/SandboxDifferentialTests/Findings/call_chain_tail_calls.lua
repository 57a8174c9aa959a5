-- Lua 5.4.4's own corner (calls.lua): a chain of 100 tables, each
-- callable through the next, ending in a function that tail-calls itself
-- (through the chain) 10,000 times, called in a new coroutine.
local n = 10000
local function foo()
  if n == 0 then return 1023 end
  n = n - 1
  return foo()
end
for _ = 1, 100 do foo = setmetatable({}, { __call = foo }) end
return coroutine.wrap(function() return foo() end)()
