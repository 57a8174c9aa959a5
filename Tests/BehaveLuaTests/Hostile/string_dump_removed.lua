-- expect: attempt to call a nil value|attempt to index
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  return ('').dump(function() end)
end

return Hostile
