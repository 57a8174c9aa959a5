local Probe = behaviour { name = "Probe" }
local machine = StateMachine { initial = "a", states = { a = { tap = "b" } }, transitions = {} }
return Probe
