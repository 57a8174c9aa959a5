-- expect: stepper_range_raised_past_its_maximum.lua:11: stepper.minimumValue must be at most maximumValue (100), not 200; give a smaller minimumValue, or raise maximumValue before it
-- connect: stepper
local Guests = behaviour {
  name = "Guests",
  outlets = { stepper = "Stepper" },
}

-- UIStepper's habit: moving the range up past its maximum (0…100 to
-- 200…300) sets the maximum first.
function Guests:awake()
  self.stepper.minimumValue = 200
  self.stepper.maximumValue = 300
end

return Guests
