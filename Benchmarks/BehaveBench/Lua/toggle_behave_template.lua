-- The spec runner's Behave side: a spec file of toggles in their default
-- scenes. The benchmark writes NUMBER (the file) and SPECS (how many).
describe("toggle " .. NUMBER, function()
  for i = 1, SPECS do
    it("taps " .. i, function()
      local s = scene.script("toggle.lua")
      s:tap("button")
      assert.equals("toggle-on", s.button.image.name)
    end)
  end
end)
