local machine = StateMachine {
  initial = "red",
  transitions = { red = { "green" }, green = { "amber" }, amber = { "red" } },
  states = {
    red = {
      enter = function(self, from) self.log[#self.log + 1] = "enter red from " .. tostring(from) end,
      exit = function(self, to) self.log[#self.log + 1] = "exit red to " .. to end,
      tap = function() return "green" end,
    },
    green = { tap = function() return "amber" end, skip = function() return "red" end },
    amber = { tap = function() return "red" end },
  },
}
