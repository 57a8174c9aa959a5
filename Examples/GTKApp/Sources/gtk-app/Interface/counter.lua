-- Counter: the label says how many times the button was clicked.
local Counter = behaviour {
  name = "Counter",
  outlets = { button = "Button", label = "Label" },
}

function Counter:awake()
  self.clicks = 0
  self:show()
  self.button:on("touchUpInside", function()
    self.clicks = self.clicks + 1
    self:show()
  end)
end

function Counter:show()
  if self.clicks == 1 then
    self.label.text = "Clicked once"
  else
    self.label.text = string.format("Clicked %d times", self.clicks)
  end
end

return Counter
