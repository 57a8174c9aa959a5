LOADS = (LOADS or 0) + 1
local m = { describe = describe, loads = LOADS }
SEEN_BY_SPEC = true
return m
