-- Examples/Cookbook/hold_spec.lua
describe("press and hold", function()
  local s
  before_each(function() s = scene.script("hold.lua") end)

  it("is a tap when the finger lifts early", function()
    s:tap("button")
    s:advance(1)
    assert.equals("Tapped", s.status.text)
  end)

  it("is a hold when the finger stays down", function()
    local held = s:record("hold.held")
    s:send("button", "touchDown")
    s:advance(0.49)
    assert.equals(0, #held)
    s:advance(0.01)
    assert.equals(1, #held)
    assert.equals("Held", s.status.text)
    s:send("button", "touchUpInside")
    assert.equals("Held", s.status.text)
  end)
end)
