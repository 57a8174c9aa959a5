-- Draws three numbers when it wakes (RandomStreamTests).
local Roller = behaviour { name = "Roller" }

function Roller:awake()
  self.draws = { math.random(1000), math.random(1000), math.random(1000) }
end

return Roller
