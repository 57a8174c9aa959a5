local machine = StateMachine {
  initial = "shown",
  transitions = { shown = { "hidden" }, hidden = { "shown" } },
  states = {
    shown = {
      enter = function(self, from)   -- no fade on start: start returns once it is entered
        if from then animate(0.5, function() self.button.alpha = 1 end) end
      end,
      tap = function() return "hidden" end,
    },
    hidden = {
      enter = function(self) animate(0.5, function() self.button.alpha = 0.5 end) end,
      tap = function() return "shown" end,
    },
  },
  invariants = {
    ["the fade is over"] = function(self, state)
      return self.button.alpha == (state == "shown" and 1 or 0.5)
    end,
  },
}
