local Probe = behaviour { name = "Probe", outlets = { button = "Button", other = "Button" } }
function Probe:awake()
  self.taps = 0
  self.failing = self.button:on("touchUpInside", function()
    self.taps = self.taps + 1
    if self.taps == 2 then
      self.failing:disconnect()
      self.failing = nil
      error("disconnected")
    end
  end)
  self.waiting = self.other:on("touchUpInside", function()
    self.waiting:disconnect()
    self.waiting = nil
    wait(1)
    self.resumed = true
  end)
end
return Probe
