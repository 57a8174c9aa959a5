-- Examples/Cookbook/gotchas_spec.lua
-- The surprises of the cookbook's Gotchas, each as a spec.
describe("gotchas", function()
  it("s:record(\"screen.X\") holds each arrival's arguments", function()
    local s = scene.load("review.scene.yaml")
    local submitted = s:record("screen.reviewSubmitted")
    s:step("stepper", "+")
    s:tap("submit")
    s:tap("submit")
    -- One entry an arrival, each the list of the action's arguments; who
    -- sent it is in the state's `actions`.
    assert.same({ { 1 }, { 1 } }, submitted)
    assert.equals("summary", s:state().actions[2].from)
  end)

  it("a spec leaves a field by editing another, or by ending its editing", function()
    local s = scene.script("form.lua")
    s:type("email", "ada@")
    assert.is_true(s.email.editing)
    s:type("age", "36")
    assert.is_false(s.email.editing)
    assert.equals("Enter an email address", s.message.text)
    s.age.editing = false
    assert.is_false(s.age.editing)
  end)

  it("a default scene makes two controls for an outlet collection", function()
    local s = scene.script("tabs.lua")
    assert.is_true(s:exists("tabs1"))
    assert.is_true(s:exists("tabs2"))
    assert.is_false(s:exists("tabs3"))
    assert.is_true(s:exists("pages1"))
  end)

  it("collections start at 1", function()
    local s = scene.script("tabs.lua")
    assert.equals(1, s.tabs.selected)
    assert.is_true(s.tabs1.selected)
    s:tap("tabs2")
    assert.equals(2, s.tabs.selected)
  end)

  it("a number is never equal to a string", function()
    local s = scene.script("form.lua")
    s:type("age", "36")
    assert.equals("36", s.age.text)
    assert.are_not.equal(36, s.age.text)
    local review = scene.load("review.scene.yaml")
    assert.equals(0, review.stepper.value)
    assert.are_not.equal("0", review.stepper.value)
  end)

  it("a colour reads back as it was written; the state says it in hex", function()
    local s = scene.script("password.lua")
    assert.equals("red", s.hint.textColor)
    assert.is_false(s.hint.textColor == "#FF3B30")   -- Lua's ==, as in a script
    assert.equals("#FF3B30", s:state().controls.hint.textColor)
    -- An assertion takes any spelling of the colour.
    assert.equals("#FF3B30", s.hint.textColor)
  end)
end)
