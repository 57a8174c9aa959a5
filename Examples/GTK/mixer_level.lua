local Level = behaviour {
  name = "Level",
  outlets = { volume = "Slider", mute = "Switch", summary = "Label" },
}

function Level:_refresh()
  if self.mute.isOn then
    self.summary.text = "Muted"
  else
    self.summary.text = string.format("Volume %d", math.floor(self.volume.value + 0.5))
  end
end

function Level:awake()
  self.volume:on("valueChanged", function() self:_refresh() end)
  self.mute:on("valueChanged", function() self:_refresh() end)
  self:_refresh()
end

return Level
