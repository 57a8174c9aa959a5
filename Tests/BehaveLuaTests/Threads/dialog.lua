local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, requires = { "camera" } }
function Probe:awake()
  self.button:on("touchUpInside", function()
    self.choice = ask { title = "Delete?", options = { "Delete" } } or "cancelled"
  end)
end
return Probe
