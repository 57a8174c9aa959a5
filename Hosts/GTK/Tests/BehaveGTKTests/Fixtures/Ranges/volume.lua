-- Says what the slider and the stepper read, and lets the stepper set how
-- loud the volume may go.
local Volume = behaviour { name = "Volume", outlets = { volume = "Slider", count = "Stepper" } }

function Volume:awake()
  local volume, count = self.volume, self.count
  print(("volume %g in %g…%g"):format(volume.value, volume.minimumValue, volume.maximumValue))
  print(("count %g in %g…%g step %g"):format(count.value, count.minimumValue, count.maximumValue, count.stepValue))
  volume:on("valueChanged", function(slider) print(("volume reads %g"):format(slider.value)) end)
  count:on("valueChanged", function(stepper)
    volume.maximumValue = stepper.value
    print(("count reads %g; volume up to %g"):format(stepper.value, volume.maximumValue))
  end)
end

return Volume
