local left = {}
if LEFT ~= nil then left[#left + 1] = "a global" end
if string.left ~= nil or ("").left ~= nil then left[#left + 1] = "the string library" end
if getmetatable(_G) ~= nil then left[#left + 1] = "a metatable on the globals" end
if math.left ~= nil then left[#left + 1] = "the math library" end
if table.insert ~= table.insert or table.left then left[#left + 1] = "the table library" end
if SUSPENDED ~= nil then left[#left + 1] = "a suspended coroutine" end
local n = 0
for i = 1, 50000 do n = n + i end
return table.concat(left, ", "), math.random(1, 1000000), math.random(), n
