-- A behaviour whose awake raises once it has begun: a reload to it keeps
-- the scene it would replace.
local RaisesInAwake = behaviour { name = "RaisesInAwake" }

function RaisesInAwake:awake()
  after(1, function() print("the failed scene's timer fired") end)
  error("not ready")
end

return RaisesInAwake
