-- expect: attempt to index a nil value|global 'io'
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  io.open('/etc/passwd'):read('a')
end

return Hostile
