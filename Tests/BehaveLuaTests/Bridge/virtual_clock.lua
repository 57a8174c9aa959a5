local Probe = behaviour { name = "Probe", outlets = { label = "Label" } }
function Probe:awake()
  self.cancelled = after(1, function() self.label.text = "never" end)
  self.cancelled:cancel()
  after(2, function() self.label.text = "after 2" end)
  wait(1)
  self.label.text = "waited 1 at " .. now()
end
return Probe
