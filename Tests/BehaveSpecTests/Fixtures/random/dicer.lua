-- Rolls a die every 0.25 s of the scene's clock.
local Dicer = behaviour { name = "Dicer", inspectables = { rolls = "" } }

function Dicer:awake()
  local function roll()
    self.rolls = self.rolls .. math.random(6)
    after(0.25, roll)
  end
  after(0.25, roll)
end

return Dicer
