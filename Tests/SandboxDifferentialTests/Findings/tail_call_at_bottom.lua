-- 20,000 tail calls at the bottom of a callback: some 100,000
-- instructions, a hundredth of the default budget.
local function loop(n)
  if n == 0 then return "done" end
  return loop(n - 1)
end

return loop(20000)
