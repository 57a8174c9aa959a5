-- expect: instruction budget exceeded|time limit exceeded
-- phase: load
while true do end
