-- Headless, the scene reads what volume.ui drew, as behave window does
-- (DrawnRangeTests): each adjustment's range, value and step, the upper
-- less its page size.
describe("volume.ui headless", function()
  local s
  before_each(function() s = scene.load("volume.scene.yaml") end)

  it("gives the slider the 0 to 100 at 40 its scale was drawn with", function()
    assert.equal(40, s.volume.value)
    assert.equal(0, s.volume.minimumValue)
    assert.equal(100, s.volume.maximumValue)
  end)

  it("ends the treble where its page size stops it short of its upper", function()
    assert.equal(100, s.treble.maximumValue)
    assert.equal(50, s.treble.value)
  end)

  it("lets a drag reach the drawn end, and steps the stepper by the spin button's 5", function()
    s:slide("volume", 100)
    assert.equal(100, s.volume.value)
    assert.equal(5, s.count.stepValue)
    s:step("count", "+")
    assert.equal(45, s.count.value)
  end)
end)
