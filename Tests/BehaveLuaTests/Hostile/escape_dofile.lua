-- expect: attempt to call a nil value|global 'dofile'
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  dofile('/etc/passwd')
end

return Hostile
