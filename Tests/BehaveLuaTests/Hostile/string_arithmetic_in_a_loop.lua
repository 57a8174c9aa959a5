-- expect: time limit exceeded|instruction budget exceeded|memory limit exceeded
-- within: 2
-- Arithmetic on a string reads it as a numeral (the string metatable's
-- __add): a long one is charged as it is scanned.
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local big = string.rep("3", 12 * 1024 * 1024)
  while true do local _ = big + 1, -big, big * 2 end
end

return Hostile
