local machine = StateMachine {
  initial = "a",
  transitions = { a = { "b" }, b = { "a" } },
  states = {
    a = { tap = function() return "b" end },
    b = {
      enter = function(self)
        self.machine:fire("next")                    -- queued behind the tap
        self.log[#self.log + 1] = "entering b"
        while true do end
      end,
      next = function(self) self.log[#self.log + 1] = "next"; return "a" end,
      tap = function(self) self.log[#self.log + 1] = "tap in b"; return "a" end,
    },
  },
}
