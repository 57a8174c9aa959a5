-- expect: module 'os' not found
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  require('os').exit(1)
end

return Hostile
