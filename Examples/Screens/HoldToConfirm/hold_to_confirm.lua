-- Hold to confirm: the button must be held for `duration` seconds, while a
-- bar fills; then `confirmed` is sent. Lifting the finger early, sliding it
-- off the button, or the system taking the touch away (an alert comes up,
-- the button is hidden or disabled) cancels the hold and empties the bar.
local Hold = behaviour {
  name = "HoldToConfirm",
  outlets = { button = "Button", bar = "View", status = "Label" },
  inspectables = {
    duration = { type = "number", default = 1.5, min = 0.1, max = 10 },
    prompt = "Hold to confirm",
    done = "Confirmed",
  },
  events = { "confirmed" },
}

function Hold:awake()
  -- The bar's width when full: as the scene lays it out.
  self.fullWidth = self.bar.frame.width
  self:_fill(0)
  self.status.text = self.prompt
  self.button:on("touchDown", function() self:_begin() end)
  for _, event in ipairs { "touchUpInside", "touchUpOutside", "touchDragExit", "touchCancel" } do
    self.button:on(event, function() self:_cancel() end)
  end
end

function Hold:_begin()
  self.status.text = "Keep holding…"
  self.holding = after(self.duration, function() self:_confirm() end)
  animate(self.duration, function() self:_fill(self.fullWidth) end, "linear")
end

-- The finger left before the time was up: nothing happens.
function Hold:_cancel()
  if not (self.holding and self.holding.pending) then return end
  self.holding:cancel()
  self.status.text = self.prompt
  animate(0.2, function() self:_fill(0) end)
end

function Hold:_confirm()
  self.status.text = self.done
  self.button.enabled = false
  self:send("confirmed")
end

function Hold:_fill(width)
  local frame = self.bar.frame
  self.bar.frame = { frame.x, frame.y, width, frame.height }
end

return Hold
