local Probe = behaviour { name = "Probe", outlets = { field = "TextField" } }
function Probe:awake()
  self.field.text = string.rep("ab", 40000)
  self.bytes = #self.field.text
  self.field.text = "ab\0cd"
  self.nul = self.field.text
end
return Probe
