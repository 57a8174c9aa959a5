local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:awake()
  local long = ("x"):rep(100000)
  for i = 1, 5000 do self:sendAction(i == 5000 and long or "a" .. i) end
end
return Probe
