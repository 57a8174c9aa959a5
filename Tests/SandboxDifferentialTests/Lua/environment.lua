-- environment.lua: what a script's environment holds. Stock Lua's side is
-- its own globals less what policy.lua lists, so these cases check that
-- the list is exact: nothing else is missing, nothing is added.
local fixed = {}
for _, name in ipairs({ "_G", "string", "table", "math", "utf8", "coroutine" }) do
  fixed[#fixed + 1] = "local names = {}\nfor name, value in pairs(" .. name
    .. ") do names[name] = type(value) end\nreturn names"
end
fixed[#fixed + 1] = "return _G == _ENV, _VERSION, math.pi, math.maxinteger, math.mininteger, math.huge, utf8.charpattern"

return { { name = "environment", weight = 0, fixed = fixed } }
