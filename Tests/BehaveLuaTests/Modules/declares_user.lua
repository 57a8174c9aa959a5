local User = behaviour { name = "User" }

local declared = require "declares"

return User
