it("adds #fast", function() end)
