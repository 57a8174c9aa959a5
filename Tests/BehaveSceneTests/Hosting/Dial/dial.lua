local Meter = behaviour { name = "Meter", outlets = { dial = "HostingDial", label = "Label" } }
function Meter:awake()
  self.dial:on("valueChanged", function(dial) self.label.text = "level " .. dial.level end)
  self.label.text = "now " .. self.dial:nudge(2)
end
return Meter
