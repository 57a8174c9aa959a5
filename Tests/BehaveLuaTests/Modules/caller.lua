local point = require "callable"

local Caller = behaviour { name = "Caller" }

function Caller:awake()
  local p = point(3, 4)
  log(point.kind, p.x + p.y)
end

return Caller
