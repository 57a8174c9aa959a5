-- Reseeds and rolls as much as it can, at its top level and when it wakes:
-- none of it may reach another behaviour's numbers (RandomStreamTests).
math.randomseed(1)
for _ = 1, 100 do math.random() end

local Meddler = behaviour { name = "Meddler" }

function Meddler:awake()
  math.randomseed(7, 7)
  for _ = 1, 100 do math.random(1000) end
end

return Meddler
