local Readout = behaviour {
  name = "Readout",
  outlets = { slider = "Slider", label = "Label" },
}

function Readout:awake()
  self:show()
end

function Readout:show()
  self.label.text = string.format("%d%%", math.floor(self.slider.value * 100 + 0.5))
end

return Readout
