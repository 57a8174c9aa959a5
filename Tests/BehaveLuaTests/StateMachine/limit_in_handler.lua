local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
local machine = StateMachine {
  initial = "a",
  transitions = { a = { "b" }, b = { "a" } },
  states = {
    a = { loop = function() while true do end end, tap = function() return "b" end },
    b = { tap = function() return "a" end },
  },
}
function Probe:awake()
  self.taps = 0
  self.machine = machine:start(self)
  self.button:on("touchUpInside", function()
    self.taps = self.taps + 1
    self.machine:fire(self.taps == 1 and "loop" or "tap")
  end)
end
return Probe
