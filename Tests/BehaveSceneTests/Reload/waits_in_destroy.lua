-- A behaviour whose destroy tries to pause: an error at its line.
local Waits = behaviour { name = "Waits" }

function Waits:awake()
  print("waits awake")
end

function Waits:destroy()
  wait(1)
  print("waits waited")
end

return Waits
