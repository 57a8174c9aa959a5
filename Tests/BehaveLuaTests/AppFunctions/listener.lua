local Listener = behaviour { name = "Listener", outlets = { button = "Button" } }
function Listener:awake()
  self.button:on("touchUpInside", function() self.heard = true end)
end
return Listener
