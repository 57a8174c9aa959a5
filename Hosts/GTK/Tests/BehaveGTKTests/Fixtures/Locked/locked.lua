local Locked = behaviour { name = "Locked", outlets = { count = "Stepper", back = "Button" } }
function Locked:awake()
  self.count:on("valueChanged", function() self.count.userInteractionEnabled = false end)
  self.back:on("touchUpInside", function() self.count.userInteractionEnabled = true end)
end
return Locked
