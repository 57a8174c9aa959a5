-- Keeps the stepper's value even: an odd value the user pressed to is
-- set to the next even one, inside the user's valueChanged.
local Snap = behaviour { name = "Snap", outlets = { count = "Stepper" } }

function Snap:awake()
  self.count:on("valueChanged", function(stepper)
    print("heard " .. stepper.value)
    if stepper.value % 2 == 1 then stepper.value = stepper.value + 1 end
  end)
end

return Snap
