local broken = require "broken"

local UsesBroken = behaviour { name = "UsesBroken" }

function UsesBroken:awake()
  log(broken.answer)
end

return UsesBroken
