local m = require "counted"
it("runs once, sharing the spec's globals", function()
  assert.equals(m, require("counted"))
  assert.equals(1, LOADS)
  assert.equals(describe, m.describe)
  assert.is_true(SEEN_BY_SPEC)
end)
it("hands out the module's table itself", function()
  m.changed = true
  assert.is_true(require("counted").changed)
end)
