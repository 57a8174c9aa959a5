-- A module whose top level never ends: the requiring callback's budget
-- stops it.
local n = 0
while true do n = n + 1 end
