-- __name names the type in Lua's messages.
local thing = setmetatable({}, { __name = "Thing" })
return thing < 1
