-- expect: uikit_action_name.lua:9: TextField `field` has no event `textFieldDidChange` (did you mean `editingChanged`? `textFieldDidChange` is UIKit code's usual action name for it); its events: editingDidBegin, editingChanged, editingDidEnd, editingDidEndOnExit
-- connect: field
local Search = behaviour {
  name = "Search",
  outlets = { field = "TextField" },
}

function Search:awake()
  self.field:on("textFieldDidChange", function(field)
    print(field.text)
  end)
end

return Search
