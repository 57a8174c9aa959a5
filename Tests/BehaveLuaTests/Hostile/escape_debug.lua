-- expect: attempt to index a nil value|global 'debug'
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  debug.sethook()
end

return Hostile
