it("names a long module name by its start and its length", function()
  local names = { [string.rep("a", 1048576)] = 1048576, ["a" .. string.rep("\u{301}", 500000)] = 1000001 }
  for name, bytes in pairs(names) do
    local ok, message = pcall(require, name)
    assert.is_false(ok)
    assert.is_true(#message < 1000, #message)
    assert.matches("… (" .. bytes .. " bytes)': a module name is words", message, 1, true)
  end
end)
