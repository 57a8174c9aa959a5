local machine = StateMachine {
  initial = "a",
  transitions = { a = { "b" }, b = { "a" } },
  states = {
    a = {
      tap = function(self)
        self.count = (self.count or 0) + 1
        if self.count == 1 then self.firstTap() end   -- what the probe's awake gives
        return "b"
      end,
    },
    b = { tap = function() return "a" end },
  },
}
