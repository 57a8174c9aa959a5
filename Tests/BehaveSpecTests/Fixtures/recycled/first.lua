-- Scenes made one after another, each in a state made again from the
-- last: each finds what the first found and draws what it drew. The spec
-- file's own state is spoiled too, for the next file (second.lua).
local first

describe("scenes made one after another", function()
  for i = 1, 3 do
    it("finds a fresh state " .. i, function()
      local s = scene.script("spoiler.lua")
      assert.equals("", s.spoiler.found)
      first = first or s.spoiler.drawn
      assert.equals(first, s.spoiler.drawn)
    end)
  end

  it("spoils the spec file's own state", function()
    LEFT_BY_SPEC = true
    string.left = 1
    math.randomseed(42)
    SUSPENDED = coroutine.create(function() coroutine.yield() end)
    coroutine.resume(SUSPENDED)
  end)
end)
