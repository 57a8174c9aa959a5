-- expect: attempt to index a nil value|global 'package'
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  package.loadlib('libc.so.6', 'system')('echo pwned')
end

return Hostile
