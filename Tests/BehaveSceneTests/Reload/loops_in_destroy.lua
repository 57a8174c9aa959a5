-- A behaviour whose destroy never returns: the sandbox stops it and the
-- reload goes on.
local Loops = behaviour { name = "Loops" }

function Loops:awake()
  print("loops awake")
end

function Loops:destroy()
  local n = 0
  while true do n = n + 1 end
end

return Loops
