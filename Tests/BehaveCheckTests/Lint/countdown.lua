local Countdown = behaviour { name = "Countdown", outlets = { label = "Label" } }

function Countdown:start()
  local left = 30
  while left > 0 do
    self.label.text = tostring(left)
    if left <= 10 then
      self.label.textColor = "red"
    end
    wait(1)
    left = left - 1
  end
  self.label.text = "Resend"
end

return Countdown
