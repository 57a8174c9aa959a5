-- expect: attempt to call a nil value|global 'collectgarbage'
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  collectgarbage('stop')
end

return Hostile
