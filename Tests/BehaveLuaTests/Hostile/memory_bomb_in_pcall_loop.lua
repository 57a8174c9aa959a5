-- expect: instruction budget exceeded|time limit exceeded|memory limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local keep = {}
  while true do pcall(function() keep[#keep + 1] = string.rep('y', 1e6) end) end
end

return Hostile
