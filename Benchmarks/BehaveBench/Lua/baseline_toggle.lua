-- The raw C API baseline's toggle: the same handler code as toggle.lua,
-- driving the baseline's C button (the global `button`) and `send`.
-- luacheck: read globals button send
local Toggle = {}
Toggle.__index = Toggle

function Toggle:toggle()
  self.toggled = not self.toggled
  local image = self.toggled and self.selectedImage or self.normalImage
  if self.animated then error("not measured") else self.button.image = image end
  self:send("valueChanged")
end

local self = setmetatable({
  toggled = false, button = button, normalImage = "toggle-off",
  selectedImage = "toggle-on", animated = false, send = send,
}, Toggle)

return function() self:toggle() end
