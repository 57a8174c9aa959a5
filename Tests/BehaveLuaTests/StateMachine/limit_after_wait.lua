local machine = StateMachine {
  initial = "a",
  transitions = { a = { "b" }, b = { "a" } },
  states = {
    a = {
      tap = function(self)
        self.count = (self.count or 0) + 1
        if self.count == 1 then wait(0.5); while true do end end
        return "b"
      end,
    },
    b = { tap = function() return "a" end },
  },
}
