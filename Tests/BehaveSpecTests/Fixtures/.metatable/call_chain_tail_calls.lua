it("runs the chain", function()
  local n = 10000
  local function foo()
    if n == 0 then return 1023 end
    n = n - 1
    return foo()
  end
  for _ = 1, 100 do foo = setmetatable({}, { __call = foo }) end
  assert.equals(1023, coroutine.wrap(function() return foo() end)())
end)
