-- The cold start's peer: the toggle's logic as a plain Lua file for lua5.4.
local Toggle = {}
Toggle.__index = Toggle
local button = { image = "toggle-off", alpha = 1 }

function Toggle:toggle()
  self.toggled = not self.toggled
  local image = self.toggled and self.selectedImage or self.normalImage
  self.button.image = image
end

local toggle = setmetatable({ toggled = false, button = button, normalImage = "toggle-off",
  selectedImage = "toggle-on" }, Toggle)
toggle:toggle()
print(button.image, toggle.toggled)
