local machine = StateMachine {
  initial = "off",
  transitions = { off = { "on" }, on = { "off" } },
  states = {
    off = { tap = function(self) self.button.title = "on"; return "on" end },
    on = { tap = function() return "off" end },   -- forgets the title
  },
  invariants = {
    ["the title names the state"] = function(self, state)
      return self.button.title == state or (state == "off" and self.button.title == ""), self.button.title
    end,
  },
}
