-- Examples/Cookbook/toast_spec.lua
-- Testing timing: the clock moves only when the spec says, by exactly
-- what it says, so times and fades are checked to the millisecond.
describe("toast", function()
  local s
  before_each(function() s = scene.script("toast.lua") end)

  it("stays for two seconds, then fades out over half a second", function()
    s:tap("button")
    assert.equals(1, s.message.alpha)
    s:advance(2)
    assert.equals(1, s.message.alpha)
    s:advance(0.25)
    assert.near(0.5, s.message.alpha, 0.001)
    s:advance(0.25)
    assert.equals(0, s.message.alpha)
  end)

  it("is shown by calling its action, which returns when the action waits", function()
    s.toast:show()
    assert.equals("Saved", s.message.text)
    assert.equals(1, s.message.alpha)
    s:advance(2.5)
    assert.equals(0, s.message.alpha)
  end)

  it("stays up for two more seconds when shown again", function()
    s:tap("button")
    s:advance(1.5)
    s:tap("button")
    s:advance(1.5)
    assert.equals(1, s.message.alpha)
    s:advance(0.5)
    assert.equals(1, s.message.alpha)
    s:advance(0.5)
    assert.equals(0, s.message.alpha)
    assert.equals(4, s:now())
  end)
end)
