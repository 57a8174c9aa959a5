local clock = require 'clock'
local old = require 'old'

it("reads a file", function()
  local _ = io.input()
end)
it("reads the clock in a module", function()
  clock.now()
end)
it("calls Lua 5.1's unpack in a module", function()
  old.first({ 1 })
end)
it("sees Lua's own message in a pcall", function()
  local ok, message = pcall(function() return debug.traceback() end)
  assert.is_false(ok)
  assert.matches("attempt to index a nil value (global 'debug')", message, 1, true)
end)
