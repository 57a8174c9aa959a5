-- Examples/Cookbook/counter_spec.lua
describe("counter", function()
  local s
  before_each(function() s = scene.script("counter.lua", { maximum = 2 }) end)

  it("counts taps on plus and minus", function()
    s:tap("plus")
    s:tap("plus")
    s:tap("minus")
    assert.equals(1, s.counter.count)
    assert.equals("1", s.countLabel.text)
  end)

  it("stops at its ends, where the button is disabled", function()
    assert.is_false(s.minus.enabled)
    s:tap("plus")
    s:tap("plus")
    assert.is_false(s.plus.enabled)
    s:tap("plus")
    assert.equals(2, s.counter.count)
  end)

  it("sends the new count", function()
    local changes = s:record("counter.valueChanged")
    s:tap("plus")
    s:tap("minus")
    assert.same({ { 1 }, { 0 } }, changes)
  end)
end)
