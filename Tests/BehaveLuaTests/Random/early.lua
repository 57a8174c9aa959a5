-- Reads `math` at its top level, so it takes its generator's slot as it
-- loads, before it wakes (RandomStreamTests).
local random = math.random
local Early = behaviour { name = "Early" }

function Early:awake()
  self.draws = { random(1000), random(1000), random(1000) }
end

return Early
