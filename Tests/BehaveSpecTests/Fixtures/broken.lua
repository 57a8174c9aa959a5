-- A behaviour whose tap handler raises, for the runner's tests.
local Broken = behaviour { name = "Broken", outlets = { button = "Button" } }

function Broken:awake()
  self.button:on("touchUpInside", function() error("on purpose") end)
end

return Broken
