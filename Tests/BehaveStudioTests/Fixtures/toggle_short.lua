-- The bundled toggle whose duration is at most 2, for Behave Studio's tests: a
-- value kept from the inspector that the saved script refuses.
-- ToggleButtonBehaviour: a button with two images (normal / selected). Each
-- tap flips `toggled` and swaps the image; with `animated` on, the button
-- fades out, swaps the image, and fades back in.
local Toggle = behaviour {
  name = "ToggleButton",
  outlets = { button = "Button" },
  inspectables = {
    normalImage   = { type = "image",  default = "toggle-off" },
    selectedImage = { type = "image",  default = "toggle-on" },
    animated      = { type = "bool",   default = false },
    duration      = { type = "number", default = 0.7, min = 0, max = 2 },
  },
  events = { "valueChanged" },
}

function Toggle:awake()                 -- outlets and inspectables are set
  self.toggled = false
  self.button.image = self.normalImage
  self.button:on("touchUpInside", function() self:toggle() end)
end

function Toggle:toggle()                -- also an action a scene can wire to
  self.toggled = not self.toggled
  local image = self.toggled and self.selectedImage or self.normalImage
  if self.animated then
    animate(self.duration, function() self.button.alpha = 0 end)  -- waits
    self.button.image = image
    animate(self.duration, function() self.button.alpha = 1 end)
  else
    self.button.image = image
  end
  self:send("valueChanged")
end

return Toggle
