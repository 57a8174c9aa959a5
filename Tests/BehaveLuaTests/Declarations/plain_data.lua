local cycle = {}
cycle.again = cycle
local deep = {}
for _ = 1, 20 do deep = { deep } end
local wide = {}
for i = 1, 100 do wide[i] = i end
return { f = function() end }, cycle, deep, wide, setmetatable({}, { __index = {} }), { [{}] = 1 }, { "fine" }
