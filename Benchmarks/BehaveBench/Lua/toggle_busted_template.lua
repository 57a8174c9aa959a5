-- The spec runner's peer: a busted spec file of plain-Lua toggles. The
-- benchmark writes NUMBER (the file) and SPECS (how many) into it.
local Toggle = {}
Toggle.__index = Toggle

function Toggle:toggle()
  self.toggled = not self.toggled
  self.button.image = self.toggled and self.selectedImage or self.normalImage
end

local function newToggle()
  return setmetatable({ toggled = false, button = { image = "toggle-off" }, normalImage = "toggle-off",
    selectedImage = "toggle-on" }, Toggle)
end

describe("toggle " .. NUMBER, function()
  for i = 1, SPECS do
    it("taps " .. i, function()
      local toggle = newToggle()
      toggle:toggle()
      assert.equals("toggle-on", toggle.button.image)
    end)
  end
end)
