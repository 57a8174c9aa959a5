-- expect: time limit exceeded|instruction budget exceeded|memory limit exceeded
-- within: 2
-- math.tointeger converts a numeral in a string as tonumber does: a long
-- one is charged as it is scanned.
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local big = string.rep("7", 12 * 1024 * 1024)
  local convert = math.tointeger
  while true do convert(big) convert(big) convert(big) convert(big) end
end

return Hostile
