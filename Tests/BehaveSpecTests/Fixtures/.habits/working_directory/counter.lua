local Counter = behaviour { name = "Counter", outlets = { button = "Button" } }
function Counter:awake()
  self.count = 0
  self.button:on("touchUpInside", function() self.count = self.count + 1 end)
end
return Counter
