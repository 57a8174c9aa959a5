-- expect: does not declare the event
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  self:send('explode')
end

return Hostile
