it("runs", function() end)
