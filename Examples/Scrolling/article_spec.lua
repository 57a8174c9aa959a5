-- Specs of the Scrolling example: parallax and fade share the scroll view's
-- one delegate slot through a Multiplexer.

describe("article", function()
  local s
  before_each(function() s = scene.load("article.scene.yaml") end)

  it("passes each scroll to both behaviours, through the one delegate", function()
    s:scroll("header", 100)
    assert.equals(-50, s.cover.frame.y)          -- parallax, at half speed
    assert.near(0.5, s.title.alpha, 1e-9)        -- fade, over 200 points
    s:scroll("header", 0)
    assert.equals(0, s.cover.frame.y)
    assert.equals(1, s.title.alpha)
  end)

  it("keeps each behaviour's own inspectables", function()
    s:set("parallax.speed", 0)
    s:scroll("header", 100)
    assert.equals(0, s.cover.frame.y)
    assert.near(0.5, s.title.alpha, 1e-9)
  end)

  it("ends all three with the scroll view that owns them", function()
    s:scroll("header", 100)
    s:remove("header")
    assert.is_false(s.scrolling.alive)
    assert.is_false(s.parallax.alive)
    assert.is_false(s.fade.alive)
    assert.same({}, s:errors())
  end)
end)
