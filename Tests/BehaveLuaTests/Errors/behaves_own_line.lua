local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  error("behave:7: the user's own words", 0)
end
return Probe
