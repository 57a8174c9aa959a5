local util = require "util"
local Near = behaviour { name = "Near", outlets = { label = "Label" } }
function Near:awake() self.label.text = util.value end
return Near
