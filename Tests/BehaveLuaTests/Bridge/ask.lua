local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.button:on("touchUpInside", function()
    self.choice = ask { title = "Source", options = { "Camera", "Photo Library" }, cancel = "Cancel" } or "cancelled"
  end)
end
return Probe
