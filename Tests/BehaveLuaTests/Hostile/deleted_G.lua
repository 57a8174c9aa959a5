-- expect: deleted_G.lua:6: `_G` is nil here: scripts have it, but this script set it to nil
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  _G = nil
  return _G.print
end

return Hostile
