count = 0
function describe() end
it("reads self", function() return self end)
local t = unpack({ 1 })
return t
