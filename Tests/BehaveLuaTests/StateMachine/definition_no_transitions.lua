local Probe = behaviour { name = "Probe" }
local machine = StateMachine { initial = "a", states = { a = {} } }
return Probe
