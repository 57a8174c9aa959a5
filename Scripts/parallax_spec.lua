-- Specs of parallax.lua: a view in a scroll view's content moves on screen
-- at `speed` times the content's speed. The view is a subview of the
-- scroll view, so its frame is in content coordinates: on screen it is at
-- frame.y - contentOffset.y.

-- A scroll view whose delegate is the parallax, moving a cover at `speed`.
local function page(speed)
  return scene.new {
    controls = {
      page  = { type = "ScrollView", frame = { 0, 0, 375, 812 }, contentSize = { 375, 2000 }, delegate = "parallax" },
      cover = { type = "ImageView", parent = "page", frame = { 0, 40, 375, 240 } },
      body  = { type = "Label", parent = "page", frame = { 16, 300, 343, 600 } },
    },
    behaviours = {
      parallax = {
        script = "parallax.lua",
        owner = "page",
        outlets = { view = "cover" },
        inspectables = { speed = speed },
      },
    },
  }
end

-- Where a subview of `page` is on screen (its top).
local function onScreen(s, name)
  return s[name].frame.y - s.page.contentOffset.y
end

describe("parallax", function()
  it("moves the view on screen at half the content's speed by default", function()
    local s = scene.script("parallax.lua")
    assert.equals(0.5, s.parallax.speed)
    s = page(0.5)
    s:scroll("page", 100)
    assert.equals(300 - 100, onScreen(s, "body"))      -- the content moved 100 points up
    assert.equals(40 - 50, onScreen(s, "cover"))       -- the cover 50
    assert.same({ x = 0, y = 90, width = 375, height = 240 }, s.cover.frame)   -- in content coordinates
  end)

  it("follows the offset both ways, from where the view rested", function()
    local s = page(0.5)
    s:scroll("page", 200)
    assert.equals(40 - 100, onScreen(s, "cover"))
    s:scroll("page", -40)
    assert.equals(40 + 20, onScreen(s, "cover"))
    s:scroll("page", 0)
    assert.equals(40, onScreen(s, "cover"))
    assert.equals(40, s.cover.frame.y)
  end)

  it("moves with the content at speed 1: its frame does not change", function()
    local s = page(1)
    s:scroll("page", 300)
    assert.equals(40, s.cover.frame.y)
    assert.equals(40 - 300, onScreen(s, "cover"))
  end)

  it("stays put on screen at speed 0 and moves against the content below 0", function()
    local still = page(0)
    still:scroll("page", 300)
    assert.equals(40, onScreen(still, "cover"))
    local against = page(-1)
    against:scroll("page", 30)
    assert.equals(40 + 30, onScreen(against, "cover"))
  end)

  it("moves twice as fast as the content at speed 2", function()
    local s = page(2)
    s:scroll("page", 30)
    assert.equals(40 - 60, onScreen(s, "cover"))
  end)

  it("applies a new speed at once, at the current offset", function()
    local s = page(0.5)
    s:scroll("page", 100)
    s:set("parallax.speed", 1)
    assert.equals(40 - 100, onScreen(s, "cover"))
    s:set("parallax.speed", 0)
    assert.equals(40, onScreen(s, "cover"))
  end)

  it("refuses a speed out of range", function()
    assert.has_error(function() page(3) end, "speed must be at most 2")
  end)

  it("is destroyed with the scroll view that owns it", function()
    local s = page(0.5)
    s:scroll("page", 100)
    s:remove("page")
    assert.is_false(s.parallax.alive)
    assert.same({}, s:errors())
  end)
end)
