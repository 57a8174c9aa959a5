local Hog = behaviour { name = "Hog" }
local grow = coroutine.wrap(function()
  local t = {}
  for i = 1, 1e9 do
    t[i] = string.rep("x", 100) .. i
  end
end)
grow()
return Hog
