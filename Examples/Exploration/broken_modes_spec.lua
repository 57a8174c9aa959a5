-- Exploration from a spec: random taps and steps on copies of the scene,
-- checked after each one. The planted bug of broken_modes.lua is found and
-- shrunk to the two taps that show it.
--
-- Each search is bounded by counts, not by the clock: a seed whose run
-- fails early and `shrinkReplays` a little above what shrinking it takes,
-- so the spec does the same work on any machine, a small part of the
-- spec's 1 s time limit (which only stops a runaway). Shrinking that needs
-- more replays fails here on every machine, not only on a slow one.
describe("exploring the broken Modes", function()
  it("finds the stepper left shown in browse, in two taps", function()
    local s = scene.load("broken_modes.scene.yaml")
    local ok, message = pcall(s.explore, s, { steps = 1000, seed = 1, shrinkReplays = 20 })
    assert.is_false(ok)
    assert.matches('invariant "the stepper is shown and takes taps only in edit" does not hold', message)
    assert.matches("shortest commands that fail the same way %(2%):\n  tap button\n  tap button$", message)
  end)

  it("checks the spec's own invariants too, and shrinks to what breaks them", function()
    local s = scene.load("../Modes/modes.scene.yaml")
    local ok, message = pcall(s.explore, s, {
      steps = 500,
      seed = 5,            -- fails after 18 steps; shrinking them takes 37 replays
      shrinkReplays = 50,
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
  it("holds every rule for three hundred steps, three times", function()
    local s = scene.load("../Modes/modes.scene.yaml")
    s:explore { steps = 300, runs = 3, seed = 7 }
    assert.equals("3", s.label.text)                  -- s itself is left as it was
  end)
end)
