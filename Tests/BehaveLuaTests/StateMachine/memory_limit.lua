local machine = StateMachine {
  initial = "a",
  transitions = { a = { "b" }, b = { "a" } },
  states = {
    a = {
      tap = function(self)
        self.count = (self.count or 0) + 1
        if self.count == 1 then self.big = string.rep("x", 64 << 20) end
        return "b"
      end,
    },
    b = { tap = function() return "a" end },
  },
}
