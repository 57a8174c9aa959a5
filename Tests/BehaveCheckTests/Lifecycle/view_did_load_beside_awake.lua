-- A UIKit developer's screen: `viewDidLoad` written beside `awake`, which
-- Behave never calls, so the field's placeholder is never set.
local Search = behaviour {
  name = "Search",
  outlets = { field = "TextField" },
}

function Search:awake()
  self.field:on("editingChanged", function(field) print(field.text) end)
end

function Search:viewDidLoad()
  self.field.placeholder = "Search"
end

return Search
