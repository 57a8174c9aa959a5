-- An __index that raises at level 2 names the line that read the field.
local strict = setmetatable({}, { __index = function(_, key) error("no field " .. key, 2) end })
local function read()
  return strict.missing
end
return read()
