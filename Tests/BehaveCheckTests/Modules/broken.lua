-- A module with a syntax error: check finds it through the script that
-- requires it.
local broken = { answer = 42

return broken
