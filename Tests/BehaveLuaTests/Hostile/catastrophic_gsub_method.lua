-- expect: instruction budget exceeded|time limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local s = string.rep('a', 3000)
  return s:gsub('(.-)(.-)(.-)(.-)b', '%1')
end

return Hostile
