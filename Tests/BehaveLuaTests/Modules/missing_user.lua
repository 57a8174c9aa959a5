local Missing = behaviour { name = "Missing" }

local helpers = require "nowhere.helpers"

return Missing
