-- A string and an object without __add: the strings' arithmetic answers.
local object = setmetatable({}, {})
return "10" + object
