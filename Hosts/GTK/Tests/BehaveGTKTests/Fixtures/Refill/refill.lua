local Refill = behaviour { name = "Refill", outlets = { level = "Slider", go = "Button" } }
function Refill:awake()
  self.taps = 0
  self.go:on("touchUpInside", function()
    self.taps = self.taps + 1
    self.level.minimumValue = self.taps == 1 and 70 or 0
    print("read " .. self.taps .. " " .. self.level.value)
  end)
end
return Refill
