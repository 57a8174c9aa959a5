local Held = behaviour { name = "Held", outlets = { count = "Stepper", back = "Button" } }
function Held:awake()
  self.count:on("valueChanged", function() self.count.hidden = true end)
  self.back:on("touchUpInside", function() self.count.hidden = false end)
end
return Held
