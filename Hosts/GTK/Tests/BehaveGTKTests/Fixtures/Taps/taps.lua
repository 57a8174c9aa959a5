-- Prints each tap of its button.
local Taps = behaviour { name = "Taps", outlets = { button = "Button" } }

function Taps:awake()
  self.button:on("touchUpInside", function() print("tapped") end)
end

return Taps
