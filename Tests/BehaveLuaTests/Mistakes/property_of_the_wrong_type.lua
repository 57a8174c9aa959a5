-- expect: property_of_the_wrong_type.lua:9: slider.maximumValue takes a number, not string "10"; write the number without quotes: `10`
-- connect: slider
local Volume = behaviour {
  name = "Volume",
  outlets = { slider = "Slider" },
}

function Volume:awake()
  self.slider.maximumValue = "10"
end

return Volume
