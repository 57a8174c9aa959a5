local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.button:on("touchUpInside", function() error("in handler\0after") end)
  error("in awake\0after")
end
return Probe
