local Probe = behaviour { name = "Probe", outlets = { label = "Label" } }
function Probe:put(_, i)
  self.label.text = string.format("item %d", i)  -- a new string each time
end
return Probe
