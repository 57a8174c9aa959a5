-- A behaviour script required as if it were a module.
local Declares = behaviour { name = "Declares" }

return Declares
