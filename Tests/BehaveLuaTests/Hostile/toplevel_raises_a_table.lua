-- phase: load
-- expect: toplevel_raises_a_table.lua:6: (error object is a table value)
-- An error object that is not a string, at the top level: Lua heads it
-- with no position, and the load error named no file and no line.
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }
error(setmetatable({ code = 1 }, { __tostring = function() while true do end end }))
return Hostile
