local b = require "cycle_b"
return { b = b }
