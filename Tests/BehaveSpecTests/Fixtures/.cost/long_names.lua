describe(string.rep("d", 100000), function()
  it(string.rep("é", 50000), function() end)
end)
