local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  for i = 1, 1000 do
    self.button:on("touchUpInside", function() while true do end end)
  end
end
return Probe
