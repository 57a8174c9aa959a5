it("sets them exactly", function()
  local s = scene.new {
    controls = {
      b = { type = "Button", alpha = 0.1 + 0.2, selected = true },
      steps = { type = "Stepper", maximumValue = 2^53 + 2, value = 2^53 + 2, stepValue = 1 / 3 },
    },
  }
  assert.equals(0.1 + 0.2, s.b.alpha)
  assert.is_true(s.b.selected)
  assert.equals(2^53 + 2, s.steps.value)
  assert.equals(1 / 3, s.steps.stepValue)
end)
