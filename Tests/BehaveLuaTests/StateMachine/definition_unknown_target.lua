local Probe = behaviour { name = "Probe" }
local machine = StateMachine { initial = "a", states = { a = {} }, transitions = { a = { "b" } } }
return Probe
