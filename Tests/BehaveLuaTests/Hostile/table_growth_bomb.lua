-- expect: memory limit exceeded|instruction budget exceeded|time limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local t = {}
  for i = 1, 1e10 do t[i] = { i, i, i } end
end

return Hostile
