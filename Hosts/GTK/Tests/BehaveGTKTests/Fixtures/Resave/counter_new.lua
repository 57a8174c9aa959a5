local Counter = behaviour { name = "Counter", outlets = { button = "Button", count = "Label" } }
function Counter:awake()
  local taps = 0
  self.button:on("touchUpInside", function()
    taps = taps + 1
    self.count.text = "new " .. taps
  end)
  self.count.text = "new ready"
end
return Counter
