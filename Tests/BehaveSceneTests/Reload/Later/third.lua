-- Saved after the scene names it.
local Third = behaviour { name = "Third" }

function Third:awake()
  print("third awake")
end

return Third
