-- Tries every way to change the module every behaviour of the scene shares.
local counted = require "counted"

local Tamper = behaviour { name = "Tamper" }

local function attempt(change)
  local ok, message = pcall(change)
  log(ok and "changed" or message)
end

function Tamper:attack()
  attempt(function() counted.greeting = "bye" end)
  attempt(function() counted.sizes[1] = 99 end)
  attempt(function() rawset(counted, "greeting", "bye") end)
  attempt(function() rawset(counted.sizes, 1, 99) end)
  attempt(function() table.insert(counted.sizes, 4) end)
  attempt(function() setmetatable(counted, nil) end)
  log(getmetatable(counted), counted.greeting, counted.sizes[1], #counted.sizes)
end

return Tamper
