-- expect: attempt to index a nil value|global 'os'
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  os.execute('echo pwned')
end

return Hostile
