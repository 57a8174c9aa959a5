-- The spec of haptic_like.lua, run in the process of an app that registers
-- the `haptics` module (AppFunctionSpecTests).
describe("a behaviour that uses the app's functions", function()
  it("vibrates and shows the app's words on each tap", function()
    local s = scene.load("like.scene.yaml")
    s:tap("button")
    s:tap("button")
    assert.equals("2 likes", s.label.text)
    assert.equals(2, s.like.count)
  end)
end)
