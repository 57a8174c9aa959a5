-- Rolls the module's dice between rolls of its own (RandomStreamTests).
local dice = require "dice"

local DiceUser = behaviour { name = "DiceUser" }

function DiceUser:awake()
  local mine = {}
  for i = 1, 5 do
    mine[i] = math.random(1000)
    dice.roll()
  end
  self.draws = mine
end

return DiceUser
