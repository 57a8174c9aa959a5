local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:awake()
  self.shared = tostring(shared)
  self.upper = string.upper("ok")
  self.method = ("ok"):upper()
end
return Probe
