local function make()
  return scene.new {
    controls = { b = { type = "Button" } },
    behaviours = { p = { script = "pump.lua", outlets = { button = "b" } } },
  }
end
it("records too much", function()
  local s = make()
  local list = s:record("p.big")
  local ok, err = pcall(s.tap, s, "b")
  assert.is_false(ok)
  assert.matches("the firings recorded during one call hold more than 16 MiB", err)
  assert.is_true(#list < 40)
end)
it("records too often", function()
  local s = make()
  for i = 1, 64 do s:record("b.touchUpInside") end
  assert.has_error(function() s:record("b.touchUpInside") end, "more than 64 recordings of one scene")
end)
