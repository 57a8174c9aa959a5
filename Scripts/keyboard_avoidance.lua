-- KeyboardAvoidance: while the keyboard is shown, a scroll view keeps room
-- for it below its content (its `bottomInset` grows by as much as the
-- keyboard covers it, plus `extraSpace`), so every field can be scrolled
-- into view; when the keyboard hides, the inset goes back. The keyboard is
-- the scene's: connect its events to this behaviour's actions.
--   keyboard.keyboardWillShow -> avoider.keyboardWillShow
--   keyboard.keyboardWillHide -> avoider.keyboardWillHide
local KeyboardAvoidance = behaviour {
  name = "KeyboardAvoidance",
  outlets = { scrollView = "ScrollView" },
  inspectables = {
    extraSpace = { type = "number", default = 0, min = 0 },
    duration   = { type = "number", default = 0.25, min = 0, max = 2 },  -- the keyboard's own
  },
}

-- Moves the inset, along with the keyboard when there is a duration.
local function setInset(self, inset)
  if self.duration > 0 then
    animate(self.duration, function() self.scrollView.bottomInset = inset end)
  else
    self.scrollView.bottomInset = inset
  end
end

-- How much of the scroll view the keyboard covers. Both frames are in screen
-- coordinates when the scroll view is on the screen itself, as usual.
local function overlap(self, keyboardFrame)
  local frame = self.scrollView.frame
  return math.max(0, frame.y + frame.height - keyboardFrame.y)
end

function KeyboardAvoidance:awake()
  self.restingInset = self.scrollView.bottomInset
end

function KeyboardAvoidance:keyboardWillShow(_, keyboardFrame)
  local covered = overlap(self, keyboardFrame)
  setInset(self, self.restingInset + (covered > 0 and covered + self.extraSpace or 0))
end

function KeyboardAvoidance:keyboardWillHide()
  setInset(self, self.restingInset)
end

return KeyboardAvoidance
