local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
local garbage = {}
for i = 1, 3 do garbage[i] = string.rep("g", 2000000) .. i end
garbage = nil
local s = string.rep("y", 1500000) .. "!"
table.sort({"not enough memory", false}, assert)
return Probe
