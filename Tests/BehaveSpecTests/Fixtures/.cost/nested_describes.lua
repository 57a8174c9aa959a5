local function nest(n) if n > 0 then describe("d", function() nest(n - 1) end) else it("x", function() end) end end
nest(101)
