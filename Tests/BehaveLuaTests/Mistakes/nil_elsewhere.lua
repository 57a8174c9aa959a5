-- expect: nil_elsewhere.lua:10: attempt to index a nil value (field 'settings')
-- connect: button
local Prefs = behaviour {
  name = "Prefs",
  outlets = { button = "Button" },
}

function Prefs:go()
  local saved = {}
  self.button.title = saved.settings.title
end

return Prefs
