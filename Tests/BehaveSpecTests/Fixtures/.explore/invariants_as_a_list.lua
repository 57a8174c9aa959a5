local s = scene.load("forty_taps.scene.yaml")
it("list", function()
  s:explore { steps = 5, invariants = { function(t) return true end, function(t) return false, "never" end } }
end)
