-- Run after first.lua in the same process: its state is made again from
-- the copy first.lua's was, and nothing first.lua did is in it.
describe("the next spec file", function()
  it("finds nothing the last file left", function()
    assert.is_nil(LEFT_BY_SPEC)
    assert.is_nil(SUSPENDED)
    assert.is_nil(string.left)
    assert.is_nil(("").left)
  end)

  it("draws what a fresh state draws", function()
    local s = scene.script("spoiler.lua")
    assert.equals("", s.spoiler.found)
    print(math.random(1, 1000000), s.spoiler.drawn)
  end)
end)
