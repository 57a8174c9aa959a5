-- expect: attempt to call a nil value|global 'require'
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  require('os').exit(1)
end

return Hostile
