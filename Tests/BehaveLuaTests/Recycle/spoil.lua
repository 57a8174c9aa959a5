LEFT = true
string.left = "x"
math.left = 1
table.left = 1
math.randomseed(99)
for i = 1, 10 do math.random() end
SUSPENDED = coroutine.create(function() coroutine.yield() end)
coroutine.resume(SUSPENDED)
KEPT = {}
for i = 1, 5000 do KEPT[i] = { i } end
setmetatable(_G, { __index = function() return "left" end })
