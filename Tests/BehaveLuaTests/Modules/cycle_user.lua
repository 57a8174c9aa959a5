local Cycle = behaviour { name = "Cycle" }

local a = require "cycle_a"

return Cycle
