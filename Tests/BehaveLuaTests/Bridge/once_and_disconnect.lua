local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.once, self.every = 0, 0
  self.button:once("touchUpInside", function() self.once = self.once + 1 end)
  self.connection = self.button:on("touchUpInside", function(sender)
    self.every = self.every + 1
    self.sender = sender.name
    if self.every == 2 then self.connection:disconnect() end
  end)
end
return Probe
