-- A behaviour that prints more as it wakes than the trace keeps: an error
-- raised before it is pushed out of the trace.
local FloodsInAwake = behaviour { name = "FloodsInAwake" }

function FloodsInAwake:awake()
  for line = 1, 12000 do
    print("line " .. line)
  end
end

return FloodsInAwake
