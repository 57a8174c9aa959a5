local parse = require 'parse'

it("raises the handler's result again", function()
  parse.parse("x")
end)
it("asserts on xpcall's message", function()
  local ok, err = xpcall(error, function(e) return e.where.line end, "first")
  assert.matches("first", err)
end)
