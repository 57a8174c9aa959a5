-- Saved over second.lua: requires a module only as it wakes, by a name
-- the script computes (no literal `require "words"` to read beforehand).
local Second = behaviour { name = "Second" }

function Second:awake()
  local name = table.concat({ "wo", "rds" })
  print(require(name).greeting)
end

return Second
