-- BecomeFirstResponder: when the screen appears, a text field becomes the
-- first responder (it begins editing, as after UIKit's
-- `becomeFirstResponder()` in `viewDidAppear`), at once or after `delay`
-- seconds. A field that takes no touches (hidden, or userInteractionEnabled
-- off) cannot: that is an error in the trace.
local BecomeFirstResponder = behaviour {
  name = "BecomeFirstResponder",
  outlets = { field = "TextField" },
  inspectables = {
    delay = { type = "number", default = 0, min = 0, max = 10 },
  },
}

function BecomeFirstResponder:awake()
  if self.delay > 0 then
    after(self.delay, function() self:focus() end)
  else
    self:focus()
  end
end

-- Also an action: wire an event to it to focus the field again.
function BecomeFirstResponder:focus()
  self.field.editing = true
end

return BecomeFirstResponder
