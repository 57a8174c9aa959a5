local machine = StateMachine {
  initial = "a",
  transitions = { a = { "b" }, b = { "a" } },
  states = {
    a = { tap = function(self) if not self.armed then self.armed = true; error("not yet") end return "b" end },
    b = { tap = function() return "a" end },
  },
}
