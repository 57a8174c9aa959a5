local Runaway = behaviour { name = "Runaway" }

function Runaway:pull()
  local runaway = require "runaway"
  log(runaway)
end

return Runaway
