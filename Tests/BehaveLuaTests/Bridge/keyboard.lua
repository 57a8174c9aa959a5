local Probe = behaviour { name = "Probe", outlets = { label = "Label" } }
function Probe:awake()
  keyboard:on("keyboardWillShow", function(_, frame) self.label.text = "top " .. frame.y end)
  keyboard:on("keyboardWillHide", function() self.label.text = "hidden" end)
  self.bad = select(2, pcall(function() keyboard:on("keyboardWilShow", print) end))
end
return Probe
