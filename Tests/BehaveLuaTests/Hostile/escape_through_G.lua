-- expect: attempt to index a nil value
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  _G.os.exit(1)
end

return Hostile
