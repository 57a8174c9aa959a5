-- The app's own behaviour: a label that follows a knob, as a percentage.
local Volume = behaviour {
  name = "Volume",
  outlets = { knob = "Knob", label = "Label" },
  inspectables = { prefix = "Volume" },
}

function Volume:awake()
  self:show()
  self.knob:on("valueChanged", function(knob)
    self:show()
    if knob.value >= 1 then
      haptics.vibrate("heavy")                 -- the app's own functions
      analytics.track("volumeMaxed", { value = knob.value })
      self:sendAction("volumeMaxed", knob.value) -- up the responder chain, to the app
    end
  end)
end

function Volume:show()
  self.label.text = string.format("%s %d%%", self.prefix, math.floor(self.knob.value * 100 + 0.5))
end

-- A scene can wire a button to this action: the knob jumps to the middle.
function Volume:centre()
  self.knob.value = 0.5
  self:show()
end

function Volume:destroy()
  print("volume behaviour destroyed")
end

return Volume
