-- expect: `collectgarbage` is not available to scripts: Behave's sandbox leaves it out
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  collectgarbage('stop')
end

return Hostile
