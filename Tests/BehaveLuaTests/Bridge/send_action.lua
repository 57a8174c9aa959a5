local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:awake()
  self:sendAction("saved")
  self:sendAction("nobodyListens")
end
return Probe
