-- Specs of fade_title.lua: a title fades out over `distance` points.

local function page(distance)
  return scene.new {
    controls = {
      page  = { type = "ScrollView", contentSize = { 375, 2000 }, delegate = "fade" },
      title = { type = "Label", parent = "page", text = "Title" },
    },
    behaviours = {
      fade = { script = "fade_title.lua", outlets = { title = "title" }, inspectables = { distance = distance } },
    },
  }
end

describe("fade_title", function()
  it("fades in proportion to the offset", function()
    local s = page(200)
    s:scroll("page", 50)
    assert.near(0.75, s.title.alpha, 1e-9)
    s:scroll("page", 100)
    assert.near(0.5, s.title.alpha, 1e-9)
  end)

  it("stays between 0 and 1 past either end", function()
    local s = page(200)
    s:scroll("page", 500)
    assert.equals(0, s.title.alpha)
    s:scroll("page", -80)
    assert.equals(1, s.title.alpha)
  end)

  it("applies a new distance at once", function()
    local s = page(200)
    s:scroll("page", 100)
    s:set("fade.distance", 400)
    assert.near(0.75, s.title.alpha, 1e-9)
  end)

  it("has a 200-point distance by default", function()
    assert.equals(200, scene.script("fade_title.lua").fade_title.distance)
  end)
end)
