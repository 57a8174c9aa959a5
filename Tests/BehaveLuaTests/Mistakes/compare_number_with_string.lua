-- expect: compare_number_with_string.lua:10: `value > "8"` compares a number with a string, which Lua cannot do, so the line fails; compare values of one type: `value > 8`
-- connect: slider warning
local Volume = behaviour {
  name = "Volume",
  outlets = { slider = "Slider", warning = "Label" },
}

function Volume:awake()
  local value = self.slider.value
  if value > "8" then
    self.warning.text = "Loud!"
  end
end

return Volume
