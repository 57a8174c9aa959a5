-- The raw C API baseline's property access: a get and a set per step on
-- the baseline's C button (the global `button`).
-- luacheck: read globals button
local button = button

return function(n)
  for i = 1, n do
    local alpha = button.alpha
    button.alpha = (i % 2 == 0) and 0.5 or 0.25
  end
end
