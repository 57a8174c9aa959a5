local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:awake()
  local listed = 0
  for name, value in pairs(_G) do
    if name == "behaviour" and type(value) == "function" then listed = listed + 1 end
  end
  self.listed = listed
end
return Probe
