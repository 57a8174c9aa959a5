-- Exploration from a spec: random taps and steps on copies of the scene,
-- checked after each one. The planted bug of broken_modes.lua is found and
-- shrunk to the two taps that show it.
describe("exploring the broken Modes", function()
  it("finds the stepper left shown in browse, in two taps", function()
    local s = scene.load("broken_modes.scene.yaml")
    local ok, message = pcall(s.explore, s, { steps = 1000, seed = 1 })
    assert.is_false(ok)
    assert.matches('invariant "the stepper is shown and takes taps only in edit" does not hold', message)
    assert.matches("shortest commands that fail the same way %(2%):\n  tap button\n  tap button$", message)
  end)

  it("checks the spec's own invariants too, and shrinks to what breaks them", function()
    local s = scene.load("../Modes/modes.scene.yaml")
    local ok, message = pcall(s.explore, s, {
      steps = 500,
      seed = 3,
      invariants = {
        ["the number stays above 1"] = function(t) return t.stepper.value > 1, t.stepper.value end,
      },
    })
    assert.is_false(ok)
    assert.matches('invariant "the number stays above 1" does not hold: 1', message)
    assert.matches("%(3%):\n  tap button\n  step stepper %-\n  step stepper %-$", message)
  end)
end)

describe("exploring the correct Modes", function()
  it("holds every rule for a thousand steps, three times", function()
    local s = scene.load("../Modes/modes.scene.yaml")
    s:explore { steps = 1000, runs = 3, seed = 7 }
    assert.equals("3", s.label.text)                  -- s itself is left as it was
  end)
end)
