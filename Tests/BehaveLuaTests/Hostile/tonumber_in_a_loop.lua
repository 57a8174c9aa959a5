-- expect: time limit exceeded|instruction budget exceeded|memory limit exceeded
-- within: 2
-- tonumber reads the whole of a long numeral and makes nothing: each call
-- is a few instructions and millions of bytes, so it is charged as it scans.
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local big = string.rep("1", 12 * 1024 * 1024)
  local read = tonumber
  while true do read(big) read(big) read(big) read(big) end
end

return Hostile
