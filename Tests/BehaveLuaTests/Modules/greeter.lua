-- Two of these in one scene share one load of `counted`.
local counted = require "counted"

local Greeter = behaviour { name = "Greeter" }

function Greeter:awake()
  log(counted.shout(counted.greeting), #counted.sizes, require("counted") == counted)
end

return Greeter
