-- expect: `package` is not available to scripts: Behave's sandbox leaves it out
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  package.loadlib('libc.so.6', 'system')('echo pwned')
end

return Hostile
