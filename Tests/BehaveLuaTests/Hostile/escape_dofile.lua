-- expect: `dofile` is not available to scripts: Behave's sandbox leaves it out
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  dofile('/etc/passwd')
end

return Hostile
