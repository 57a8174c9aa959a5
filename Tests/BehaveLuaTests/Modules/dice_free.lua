-- Rolls as dice_user.lua does, with no module (RandomStreamTests).
local DiceUser = behaviour { name = "DiceUser" }

function DiceUser:awake()
  local mine = {}
  for i = 1, 5 do mine[i] = math.random(1000) end
  self.draws = mine
end

return DiceUser
