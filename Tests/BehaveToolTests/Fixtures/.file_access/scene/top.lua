local helpers = require "helpers"
local Top = behaviour { name = helpers.value }
return Top
