-- A behaviour whose destroy fails: the reload goes on.
local Raises = behaviour { name = "Raises" }

function Raises:awake()
  print("raises awake")
end

function Raises:destroy()
  error("cannot let go")
end

return Raises
