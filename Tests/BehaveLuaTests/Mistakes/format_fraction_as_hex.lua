-- expect: format_fraction_as_hex.lua:10: string.format's `%d` (or `%i`, `%x`, `%o`, `%c`) takes a whole number, but the number given for it (argument #2) has a fraction or is beyond an integer's range; round it first, `math.floor(value + 0.5)`, or write it with `%.0f`
-- connect: slider label
local Tint = behaviour {
  name = "Tint",
  outlets = { slider = "Slider", label = "Label" },
}

function Tint:awake()
  self.slider.value = 0.5
  self.label.text = string.format("#%02x0000", self.slider.value * 255)
end

return Tint
