-- expect: time limit exceeded|instruction budget exceeded|memory limit exceeded
-- within: 2
-- A math function given a long numeral in a string reads it whole, in one
-- call of a few instructions.
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local big = string.rep("5", 12 * 1024 * 1024)
  local abs = math.abs
  while true do abs(big) abs(big) abs(big) abs(big) end
end

return Hostile
