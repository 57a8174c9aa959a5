local Hog = behaviour { name = "Hog" }
print(xpcall(function()
  local t = {}
  for i = 1, 1e9 do t[i] = {} end
end, function()
  local parts = {}
  for i = 1, 1e6 do parts[i] = tostring(i) end
  return table.concat(parts)
end))
return Hog
