-- In a folder of its own: `ui.theme` is ui/theme.lua here, and what it
-- requires is found from here too.
local theme = require "ui.theme"

local Screen = behaviour { name = "Screen" }

function Screen:awake()
  log(theme.title, theme.accent)
end

return Screen
