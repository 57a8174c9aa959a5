-- The raw C API baseline's attach: toggle.lua's class on plain tables. The
-- baseline makes each instance (a table with the behaviour's outlet and
-- inspectables, this class as its metatable's __index) and calls its
-- awake, which sets the image and connects the tap handler, as Behave's
-- attach does.
local Toggle = {}
Toggle.__index = Toggle

function Toggle:awake()
  self.toggled = false
  self.button.image = self.normalImage
  self.button:on("touchUpInside", function() self:toggle() end)
end

function Toggle:toggle()
  self.toggled = not self.toggled
  local image = self.toggled and self.selectedImage or self.normalImage
  if self.animated then error("not measured") else self.button.image = image end
end

return Toggle
