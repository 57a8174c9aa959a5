-- Requires "palette": beside the script that first required this module,
-- not beside this file.
local palette = require "palette"

return { title = "Welcome", accent = palette.accent }
