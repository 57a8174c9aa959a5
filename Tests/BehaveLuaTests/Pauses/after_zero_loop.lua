local Waits = behaviour { name = "Waits", outlets = { button = "Button" } }
function Waits:awake()
  local function again() after(0, again) end
  again()
end
return Waits
