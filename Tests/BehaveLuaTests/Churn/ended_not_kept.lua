local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.ticks = 0
  local function tick()
    self.ticks = self.ticks + 1
    self.last = self.button:once("touchDown", function() end)
    self.last:disconnect()
    self.timer = after(0.01, tick)
  end
  tick()
end
return Probe
