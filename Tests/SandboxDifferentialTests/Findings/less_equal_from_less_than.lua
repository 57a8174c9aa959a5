-- a <= b with only __lt: not (b < a), as Debian's Lua 5.4.4 answers.
local mt = { __lt = function(a, b) return a.v < b.v end }
local a, b = setmetatable({ v = 1 }, mt), setmetatable({ v = 2 }, mt)
return a <= b, b <= a
