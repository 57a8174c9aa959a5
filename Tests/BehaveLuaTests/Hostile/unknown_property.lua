-- expect: has no property `titel`|did you mean
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  self.button.titel = 'x'
end

return Hostile
