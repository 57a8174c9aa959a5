-- Specs of the Header example: a stretchy header and a fading name share
-- one scroll view through a Multiplexer.

-- Where a subview of the page is on screen: its frame is in content
-- coordinates.
local function onScreen(s, name)
  return s[name].frame.y - s.page.contentOffset.y
end

describe("header", function()
  local s
  before_each(function() s = scene.load("header.scene.yaml") end)

  it("stretches the cover when pulled down, and leaves the name shown", function()
    s:scroll("page", -80)
    assert.same({ x = 0, y = -80, width = 375, height = 300 }, s.cover.frame)
    assert.equals(0, onScreen(s, "cover"))          -- its top stays at the top of the screen
    assert.equals(1, s.name.alpha)
  end)

  it("collapses the cover and fades the name when scrolled up", function()
    s:scroll("page", 60)
    assert.equals(160, s.cover.frame.height)
    assert.equals(0, onScreen(s, "cover"))
    assert.near(0.5, s.name.alpha, 1e-9)
    s:scroll("page", 400)
    assert.same({ x = 0, y = 400, width = 375, height = 64 }, s.cover.frame)
    assert.equals(0, onScreen(s, "cover"))          -- a 64-point bar at the top
    assert.equals(0, s.name.alpha)
    assert.is_true(s.stretchy.collapsed)
  end)

  it("gives every scroll to both, in the Multiplexer's order", function()
    local trace = {}
    s:scroll("page", 30)
    for _, entry in ipairs(s:trace()) do
      if entry.kind == "change" then trace[#trace + 1] = entry.message end
    end
    assert.same({ "page.contentOffset: (0, 0) → (0, 30)", "cover.frame: (0, 0, 375×220) → (0, 30, 375×190)",
                  "name.alpha: 1 → 0.75" }, trace)
  end)
end)
