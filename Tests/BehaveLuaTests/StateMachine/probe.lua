local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
-- MACHINE
function Probe:awake()
  self.log = {}
  self.machine = machine:start(self)
  self.button:on("touchUpInside", function() self.machine:fire("tap") end)
-- AWAKE
end
return Probe
