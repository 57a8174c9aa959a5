-- Behave's side of the CPU-bound figure: the work as an action of a
-- behaviour, in the sandbox, under the benchmark's limits.
local work = require "cpu_work"

local Work = behaviour { name = "Work", outlets = { button = "Button" } }

-- Actions get numbers as floats; lua5.4's side has an integer (its loops
-- run on integers), so this one has too.
function Work:run(_, scale)
  self.sum = work(math.tointeger(scale))
end

return Work
