local Probe = behaviour { name = "Probe" }
local machine = StateMachine { initial = "z", states = { a = {} }, transitions = {} }
return Probe
