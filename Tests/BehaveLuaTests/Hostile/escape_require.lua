-- expect: `require` is not available to scripts: Behave's sandbox leaves it out
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  require('os').exit(1)
end

return Hostile
