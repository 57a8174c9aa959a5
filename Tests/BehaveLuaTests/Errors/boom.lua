local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  error("boom")
end
return Probe
