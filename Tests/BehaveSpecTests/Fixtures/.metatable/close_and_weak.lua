it("refuses __close", function()
  assert.has_error(function() setmetatable({}, { __close = function() end }) end,
                   "setmetatable: __close is not allowed in the sandbox")
end)

it("keeps a weak metatable's tables alive while they are used", function()
  for i = 1, 200 do
    local mt = {}
    local t = setmetatable({}, mt)
    setmetatable(mt, { __mode = "v" })
    mt.__newindex = {}
    mt.__index = {}
    t[i] = i
    local _ = t.anything
    collectgarbage("step", 100)
  end
end)
