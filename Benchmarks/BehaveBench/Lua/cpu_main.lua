-- Stock lua5.4's side of the CPU-bound figure: `lua5.4 cpu_main.lua
-- cpu_work.lua SCALE` prints the checksum and the seconds of processor
-- time the work took (start-up left out, as on Behave's side).
local work = dofile(arg[1])
local scale = tonumber(arg[2])
local start = os.clock()
local sum = work(scale)
print(sum, os.clock() - start)
