local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.a = select(2, pcall(function() self.button:on("touchUpInsde", function() end) end))
  self.b = select(2, pcall(function() return self.button.titel end))
end
return Probe
