-- Draws three, restarts its generator with math.randomseed(), draws three
-- again: both the same (RandomStreamTests).
local Restarter = behaviour { name = "Restarter" }

local function three() return { math.random(1000), math.random(1000), math.random(1000) } end

function Restarter:awake()
  self.first = three()
  math.randomseed()
  self.again = three()
end

return Restarter
