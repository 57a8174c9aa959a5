local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  local odd = setmetatable({}, { __tostring = function() return {} end })
  print("value:", odd)
end
return Probe
