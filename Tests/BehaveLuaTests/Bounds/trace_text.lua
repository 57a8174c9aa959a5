local Probe = behaviour { name = "Probe", outlets = { label = "Label" } }
function Probe:awake()
  local s = ("x"):rep(1000000)
  for i = 1, 200 do self.label.text = s .. i end
  print(s)
end
return Probe
