-- Reads the shared module: what the tamperer tried must not show here.
local counted = require "counted"

local Reader = behaviour { name = "Reader" }

function Reader:read()
  local keys = {}
  for key in pairs(counted) do keys[#keys + 1] = key end
  table.sort(keys)
  local sizes = {}
  for _, size in ipairs(counted.sizes) do sizes[#sizes + 1] = size end
  log(counted.greeting, table.concat(keys, ","), table.concat(sizes, ","))
end

return Reader
