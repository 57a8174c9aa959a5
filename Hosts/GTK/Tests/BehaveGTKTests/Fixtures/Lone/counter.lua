local Counter = behaviour { name = "Counter", outlets = { button = "Button", label = "Label" } }
function Counter:awake()
  self.taps = 0
  self.button:on("touchUpInside", function()
    self.taps = self.taps + 1
    self.label.text = tostring(self.taps)
  end)
end
return Counter
