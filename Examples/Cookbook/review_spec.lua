-- Examples/Cookbook/review_spec.lua
describe("two behaviours talking through a scene", function()
  local s
  before_each(function() s = scene.load("review.scene.yaml") end)

  it("the summary hears the rating", function()
    s:step("stepper", "+")
    s:step("stepper", "+")
    s:step("stepper", "+")
    assert.equals("★★★☆☆", s.stars.text)
    assert.equals("Good", s.verdict.text)
    assert.is_true(s.submit.enabled)
  end)

  it("submitting goes up to the screen, which no behaviour handles", function()
    local submitted = s:record("screen.reviewSubmitted")
    s:step("stepper", "+")
    s:tap("submit")
    assert.same({ { 1 } }, submitted)
    assert.same({
      { name = "ratingChanged", from = "rating", handledBy = "summary" },
      { name = "reviewSubmitted", from = "summary" },
    }, s:state().actions)
  end)

  it("the summary's action can be called as the scene's wiring calls it", function()
    -- The action gets its sender first: nil for a call, as for an event
    -- a behaviour sent.
    s.summary:ratingChanged(5)
    assert.equals("Excellent", s.verdict.text)
  end)
end)
