-- Each spec rolls from a stream of its own: what it prints is the same
-- whether the specs before it ran or not, and on every run. The scene's
-- behaviour rolls on the virtual clock (dicer.lua).
describe("rolls", function()
  it("rolls much first", function()
    math.randomseed(5)
    for _ = 1, 50 do math.random() end
    print(math.random(1000000))
  end)

  it("rolls second", function()
    print(math.random(1000000), math.random(1000000))
  end)

  it("rolls in a scene on the clock", function()
    local s = scene.script("dicer.lua")
    s:advance(1)
    print(s.dicer.rolls)
  end)
end)
