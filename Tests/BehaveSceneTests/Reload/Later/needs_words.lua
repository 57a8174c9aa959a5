-- Saved over second.lua: requires a module that is not there yet.
local words = require "words"

local Second = behaviour { name = "Second" }

function Second:awake()
  print(words.greeting)
end

return Second
