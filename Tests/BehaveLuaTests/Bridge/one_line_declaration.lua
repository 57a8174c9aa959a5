-- Outlets and inspectables on one line each, not in alphabetical order.
local Form = behaviour {
  name = "Form",
  outlets = { title = "Label", field = "TextField", button = "Button" },
  outletCollections = { stars = "Button", hearts = "Button" },
  inspectables = { prompt = { type = "string", default = "" }, limit = { type = "number", default = 3 } },
}

return Form
