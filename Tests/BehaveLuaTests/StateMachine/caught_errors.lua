local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
local machine = StateMachine {
  initial = "a",
  transitions = { a = { "b" }, b = { "a" } },
  states = {
    a = { tap = function(self) if self.fail then self.fail = false; error("not yet") end return "b" end },
    b = { tap = function() return "a" end },
  },
}
function Probe:awake()
  self.log = {}
  self.machine = machine:start(self)
  self.fail = true
  local ok, message = pcall(function() self.machine:fire("tap") end)
  self.log[#self.log + 1] = message
  self.machine:fire("tap")
  self.log[#self.log + 1] = self.machine.state
  self.machine:fire("tap")
  self.fail = true
  local co = coroutine.create(function() self.machine:fire("tap") end)
  ok, message = coroutine.resume(co)
  self.log[#self.log + 1] = message
  self.machine:fire("tap")
  self.log[#self.log + 1] = self.machine.state
  coroutine.close(co)                       -- the dead pass closes now: nothing changes
  self.machine:fire("tap")
  self.log[#self.log + 1] = self.machine.state
end
return Probe
