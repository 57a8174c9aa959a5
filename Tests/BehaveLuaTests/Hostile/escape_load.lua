-- expect: attempt to call a nil value|global 'load'
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  load('os.exit(1)')()
end

return Hostile
