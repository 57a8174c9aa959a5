-- A module with dice of its own: it rolls at its top level and in roll(),
-- from its own math.random (dice_user.lua requires it).
local rolledAtLoad = math.random(6)

return {
  rolledAtLoad = rolledAtLoad,
  roll = function() return math.random(6) end,
}
