local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  local fired = after(0, function() end)
  local gone = self.button:on("touchDown", function() end)
  gone:disconnect()
  self.fired, self.gone = fired, gone
end
function Probe:look()
  self.fired:cancel()
  self.gone:disconnect()
  self.seen = tostring(self.fired.pending) .. " " .. tostring(self.gone.connected)
end
return Probe
