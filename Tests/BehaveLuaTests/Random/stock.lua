-- Draws what draws.lua draws, from this behaviour's own math.random.
local draws = require "draws"

local Stock = behaviour { name = "Stock" }

function Stock:awake()
  self.text = draws(math)
end

return Stock
