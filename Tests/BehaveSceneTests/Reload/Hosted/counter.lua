-- Counts the button's taps on the label, after a prefix the scene file
-- gives (which scene is counting).
local Counter = behaviour {
  name = "Counter",
  outlets = { button = "Button", label = "Label" },
  inspectables = { prefix = { type = "string", default = "" } },
}

function Counter:awake()
  self.taps = 0
  self.label.text = self.prefix .. " 0"
  self.button:on("touchUpInside", function()
    self.taps = self.taps + 1
    self.label.text = self.prefix .. " " .. self.taps
  end)
end

return Counter
