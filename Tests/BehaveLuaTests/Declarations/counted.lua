local counter = require "counter"
local Counted = behaviour {
  name = "Counted",
  inspectables = { serial = counter.next() },
}
return Counted
