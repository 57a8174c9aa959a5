local settings = require "settings"
local Tuned = behaviour {
  name = "Tuned",
  inspectables = { mode = { type = "enum", values = settings.modes(), default = "a" } },
}
return Tuned
