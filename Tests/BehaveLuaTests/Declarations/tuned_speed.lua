local settings = require "settings"
local Tuned = behaviour {
  name = "Tuned",
  inspectables = { speed = { type = "number", default = settings.speed } },
}
return Tuned
