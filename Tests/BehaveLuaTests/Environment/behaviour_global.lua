local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:awake()
  self.same = type(behaviour)
  behaviour = nil
  self.partial = tostring(behaviour) .. " " .. tostring(getmetatable(_G))
  behaviour = 1
  behaviour = nil
  self.again = tostring(behaviour)
end
function Probe:whole()
  local listed = 0
  for name in pairs(_G) do if name == "behaviour" then listed = listed + 1 end end
  self.deleted = listed
end
return Probe
