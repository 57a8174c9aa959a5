-- Specs of parallax.lua: a view follows a scroll view at `speed`.

-- A scroll view whose delegate is the parallax, moving a cover at `speed`.
local function page(speed)
  return scene.new {
    controls = {
      page  = { type = "ScrollView", frame = { 0, 0, 375, 812 }, contentSize = { 375, 2000 }, delegate = "parallax" },
      cover = { type = "ImageView", parent = "page", frame = { 0, 40, 375, 240 } },
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

describe("parallax", function()
  it("moves the view at half the content's speed by default", function()
    local s = scene.script("parallax.lua")
    assert.equals(0.5, s.parallax.speed)
    s = page(0.5)
    s:scroll("page", 100)
    assert.same({ x = 0, y = -10, width = 375, height = 240 }, s.cover.frame)
  end)

  it("follows the offset both ways, from where the view rested", function()
    local s = page(0.5)
    s:scroll("page", 200)
    assert.equals(40 - 100, s.cover.frame.y)
    s:scroll("page", -40)
    assert.equals(40 + 20, s.cover.frame.y)
    s:scroll("page", 0)
    assert.equals(40, s.cover.frame.y)
  end)

  it("keeps the view in place at speed 0 and moves it against the content below 0", function()
    local still = page(0)
    still:scroll("page", 300)
    assert.equals(40, still.cover.frame.y)
    local against = page(-1)
    against:scroll("page", 30)
    assert.equals(70, against.cover.frame.y)
  end)

  it("applies a new speed at once, at the current offset", function()
    local s = page(0.5)
    s:scroll("page", 100)
    s:set("parallax.speed", 1)
    assert.equals(-60, s.cover.frame.y)
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
