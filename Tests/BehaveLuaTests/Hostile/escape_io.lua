-- expect: `io` is not available to scripts: Behave's sandbox leaves it out
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  io.open('/etc/passwd'):read('a')
end

return Hostile
