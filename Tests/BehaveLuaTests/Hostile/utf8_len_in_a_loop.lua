-- expect: time limit exceeded|instruction budget exceeded|memory limit exceeded
-- utf8.len scans its string and makes nothing: it is charged as it scans.
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local big = string.rep("\u{E9}", 4 * 1024 * 1024)
  local n = 0
  while true do n = n + utf8.len(big) end
end

return Hostile
