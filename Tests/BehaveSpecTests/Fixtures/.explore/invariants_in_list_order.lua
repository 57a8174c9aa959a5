local s = scene.load("forty_taps.scene.yaml")
local holds = function(t) return true end
it("list", function()
  s:explore { steps = 5, invariants = { holds, function(t) return false, "second" end, holds, holds, holds,
                                        holds, holds, holds, holds, function(t) return false, "tenth" end } }
end)
