local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.button:on("touchUpInside", function() local x = nil; return x.y end)
end
return Probe
