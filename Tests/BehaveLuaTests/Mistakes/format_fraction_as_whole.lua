-- expect: format_fraction_as_whole.lua:10: string.format's `%d` (or `%i`, `%x`, `%o`, `%c`) takes a whole number, but the number given for it (argument #2) has a fraction or is beyond an integer's range; round it first, `math.floor(value + 0.5)`, or write it with `%.0f`
-- connect: slider label
local Volume = behaviour {
  name = "Volume",
  outlets = { slider = "Slider", label = "Label" },
}

function Volume:awake()
  self.slider.value = 0.375
  self.label.text = string.format("volume %d%%", self.slider.value * 100)
end

return Volume
