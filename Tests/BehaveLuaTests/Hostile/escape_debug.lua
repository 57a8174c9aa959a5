-- expect: `debug` is not available to scripts: Behave's sandbox leaves it out
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  debug.sethook()
end

return Hostile
