-- Requires the module that requires it.
local a = require "cycle_a"
return { a = a }
