-- expect: alpha must be at most 1
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  self.button.alpha = 1.5
end

return Hostile
