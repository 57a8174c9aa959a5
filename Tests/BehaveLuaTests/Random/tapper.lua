-- Draws three numbers at each tap of its button (RandomStreamTests).
local Tapper = behaviour { name = "Tapper", outlets = { button = "Button" } }

function Tapper:awake()
  self.button:on("touchUpInside", function()
    self.draws = { math.random(1000), math.random(1000), math.random(1000) }
  end)
end

return Tapper
