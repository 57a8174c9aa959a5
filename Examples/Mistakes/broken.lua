-- A script with a syntax error: the scene that uses it cannot load.
local Broken = behaviour {
  name = "Broken",
  outlets = { button = "Button" },
}

function Broken:awake()
  self.button.title = "never" ..
end

return Broken
