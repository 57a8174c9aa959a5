-- A plain find over a long subject, where comparing the needle at every
-- position costs subject x needle bytes. It must end promptly: with the
-- answer (no match) or on the callback's budget, never after minutes
-- inside one C call. The sizes come from the test.
local subjectLength, needleLength = ...
return ("a"):rep(subjectLength):find(("a"):rep(needleLength) .. "b", 1, true)
