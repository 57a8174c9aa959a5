-- Saved over toggle.lua by Behave Studio's tests: a script that does not
-- load, with its syntax error on line 3.
local broken = = 1
