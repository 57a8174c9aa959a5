-- Specs of stretchy_header.lua: the header stretches when pulled down and
-- collapses to `minimumHeight` when scrolled up.

local function page(minimumHeight)
  return scene.new {
    controls = {
      page  = { type = "ScrollView", frame = { 0, 0, 375, 812 }, contentSize = { 375, 2000 }, delegate = "stretchy" },
      cover = { type = "ImageView", parent = "page", frame = { 0, 0, 375, 200 } },
    },
    behaviours = {
      stretchy = {
        script = "stretchy_header.lua",
        outlets = { header = "cover" },
        inspectables = { minimumHeight = minimumHeight },
      },
    },
  }
end

describe("stretchy_header", function()
  it("stretches when pulled down, its top pinned to the visible top", function()
    local s = page(64)
    s:scroll("page", -50)
    assert.same({ x = 0, y = -50, width = 375, height = 250 }, s.cover.frame)
  end)

  it("collapses when scrolled up, its bottom staying on the content", function()
    local s = page(64)
    s:scroll("page", 100)
    assert.same({ x = 0, y = 100, width = 375, height = 100 }, s.cover.frame)
  end)

  it("sticks at its minimum height once collapsed", function()
    local s = page(64)
    s:scroll("page", 500)
    assert.same({ x = 0, y = 500, width = 375, height = 64 }, s.cover.frame)
  end)

  it("rests at its own frame at offset 0", function()
    local s = page(64)
    s:scroll("page", 120)
    s:scroll("page", 0)
    assert.same({ x = 0, y = 0, width = 375, height = 200 }, s.cover.frame)
  end)

  it("sends valueChanged when it collapses and when it expands again", function()
    local s = page(64)
    local changes = s:record("stretchy.valueChanged")
    s:scroll("page", 100)
    assert.equals(0, #changes)
    s:scroll("page", 136)
    assert.is_true(s.stretchy.collapsed)
    s:scroll("page", 300)
    assert.equals(1, #changes)
    s:scroll("page", 0)
    assert.is_false(s.stretchy.collapsed)
    assert.equals(2, #changes)
  end)

  it("applies a new minimum height at once", function()
    local s = page(0)
    s:scroll("page", 180)
    assert.equals(20, s.cover.frame.height)
    s:set("stretchy.minimumHeight", 44)
    assert.equals(44, s.cover.frame.height)
  end)
end)
