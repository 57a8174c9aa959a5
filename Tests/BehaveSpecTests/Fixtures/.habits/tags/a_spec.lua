describe("io #slow", function()
  it("reads", function() end)
end)
it("adds #fast", function() end)
