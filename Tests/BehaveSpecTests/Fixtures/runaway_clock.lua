-- One advance fires a self-rescheduling timer until the clock stops it:
-- that spec fails with the clock's reason, the others run.
it("advances a very long time", function()
  local s = scene.script("ticker.lua")
  s:advance(1e9)
end)

it("reads the clock's error", function()
  local s = scene.script("ticker.lua")
  s:advance(1e9)
  local errors = s:errors()
  assert.equals(1, #errors)
  assert.matches("timers fired in one advance", errors[1])
end)

it("runs after", function()
  assert.is_true(true)
end)
