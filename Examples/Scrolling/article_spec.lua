-- Specs of the Scrolling example: parallax and fade share the scroll view's
-- one delegate slot through a Multiplexer.

-- Where a subview of the scroll view is on screen: its frame is in content
-- coordinates.
local function onScreen(s, name)
  return s[name].frame.y - s.header.contentOffset.y
end

describe("article", function()
  local s
  before_each(function() s = scene.load("article.scene.yaml") end)

  it("passes each scroll to both behaviours, through the one delegate", function()
    s:scroll("header", 100)
    assert.equals(260 - 100, onScreen(s, "body"))  -- the content moved 100 points up
    assert.equals(-50, onScreen(s, "cover"))       -- parallax: the cover 50, half as fast
    assert.equals(50, s.cover.frame.y)
    assert.near(0.5, s.title.alpha, 1e-9)          -- fade, over 200 points
    s:scroll("header", 0)
    assert.equals(0, s.cover.frame.y)
    assert.equals(1, s.title.alpha)
  end)

  it("keeps each behaviour's own inspectables", function()
    s:set("parallax.speed", 0)
    s:scroll("header", 100)
    assert.equals(0, onScreen(s, "cover"))         -- speed 0: it stays put on screen
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
