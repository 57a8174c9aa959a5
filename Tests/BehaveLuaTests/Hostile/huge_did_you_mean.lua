-- expect: does not declare the event
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" }, events = { string.rep("a", 30000) } }

function Hostile:attack()
  self:send(string.rep("b", 30000))
end

return Hostile
