-- A script saved with a mistake in `awake`: the scene loads, and its
-- behaviour raises as it wakes, once it has shown values of its own.
local Counter = behaviour {
  name = "Counter",
  outlets = { button = "Button", label = "Label" },
  inspectables = { prefix = { type = "string", default = "" } },
}

function Counter:awake()
  self.label.text = self.prefix .. " 0"
  self.button.title = "Raised"
  self.label.txt = "oops"
end

return Counter
