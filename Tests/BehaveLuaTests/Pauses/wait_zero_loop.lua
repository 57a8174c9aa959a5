local Waits = behaviour { name = "Waits", outlets = { button = "Button" } }
function Waits:awake()
  while true do wait(0) end
end
return Waits
