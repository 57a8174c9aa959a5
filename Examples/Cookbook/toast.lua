-- Examples/Cookbook/toast.lua
-- A message that shows for `visible` seconds, then fades out over `fade`
-- seconds; showing it again keeps it up.
local Toast = behaviour {
  name = "Toast",
  outlets = { button = "Button", message = "Label" },
  inspectables = {
    text = "Saved",
    visible = { type = "number", default = 2, min = 0, max = 10 },
    fade = { type = "number", default = 0.5, min = 0, max = 5 },
  },
}

function Toast:awake()
  self.shown = 0
  self.message.alpha = 0
  self.button:on("touchUpInside", function() self:show() end)
end

function Toast:show()
  self.shown = self.shown + 1
  local this = self.shown
  self.message.text = self.text
  self.message.alpha = 1
  wait(self.visible)
  -- A later show has the message now: leave it to that one.
  if this == self.shown then
    animate(self.fade, function() self.message.alpha = 0 end, "linear")
  end
end

return Toast
