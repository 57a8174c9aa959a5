-- Requires the app's module: the app's when it is registered, else the
-- stand-in beside this script.
local StandInUser = behaviour { name = "StandInUser" }

local testapp = require "testapp"

function StandInUser:awake()
  testapp.vibrate("light")
  self.standIn = testapp.standIn == true
end

return StandInUser
