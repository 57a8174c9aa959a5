-- expect: instruction budget exceeded|time limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  return string.find(string.rep('a', 5000), '.-.-.-.-.-.-.-b')
end

return Hostile
