local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.indexed = pcall(function() StateMachine.start = 1 end)
  self.metatable = tostring(getmetatable(StateMachine { initial = "a", states = { a = {} }, transitions = {} }))
  StateMachine = nil   -- only this environment's global
end
return Probe
