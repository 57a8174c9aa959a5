local machine = StateMachine {
  initial = "a",
  transitions = { a = { "b" }, b = { "c" }, c = {} },
  states = {
    a = { tap = function() return "b" end },
    b = {
      enter = function(self)
        self.machine:fire("next")                 -- queued: b is not entered yet
        self.log[#self.log + 1] = "entered b, still " .. self.machine.state
      end,
      next = function() return "c" end,
    },
    c = { enter = function(self) self.log[#self.log + 1] = "entered c" end },
  },
}
