local Countdown = behaviour { name = "Countdown", outlets = { label = "Label" } }

function Countdown:awake()
  local left = 3
  while left > 0 do
    self.label.text = tostring(left)
    left = left - 1
  self.label.text = "Resend"
end

return Countdown
