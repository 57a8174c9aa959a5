-- expect: instruction budget exceeded|time limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local t = {}
  for i = 1, 200 do t[i] = 200 - i end
  while true do table.sort(t, function(a, b) return a < b end) end
end

return Hostile
