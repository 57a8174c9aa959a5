local Probe = behaviour { name = "Probe", outlets = { field = "TextField" } }
function Probe:awake()
  self.field.text = "abc"
  self.short = self.field.text
  self.field.text = "héllo wörld"
  self.cut = self.field.text
  self.field.text = "ééééé"
  self.accented = self.field.text
  self.field.maxLength = 2
  self.lowered = self.field.text
end
return Probe
