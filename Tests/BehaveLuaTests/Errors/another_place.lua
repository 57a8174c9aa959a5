local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  error("other.lua:99: fake\nstack traceback:\n\tother.lua:99: in main chunk", 0)
end
return Probe
