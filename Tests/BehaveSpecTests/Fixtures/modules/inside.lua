local Inside = behaviour { name = "Inside" }

function Inside:awake()
  self.found = require("helpers").where
end

return Inside
