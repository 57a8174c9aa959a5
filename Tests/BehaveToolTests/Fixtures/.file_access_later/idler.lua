local spare = require "idle"
local Idle = behaviour { name = "Idle" }
return Idle
