it("is refused", function()
  assert.has_error(function() scene.script("../outside/lint.lua") end)
end)
