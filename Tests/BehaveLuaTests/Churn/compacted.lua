local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.taps = 0
  self.connections = {}
  for i = 1, 3 do
    self.connections[i] = self.button:on("touchUpInside", function() self.taps = self.taps + 1 end)
  end
end
function Probe:check()
  self.connected = 0
  for _, connection in ipairs(self.connections) do
    if connection.connected then self.connected = self.connected + 1 end
    connection:disconnect()
  end
  self.described = tostring(self)
end
return Probe
