local Probe = behaviour { name = "Probe", outlets = { a = "Button", b = "Button" } }
function Probe:awake()
  self.same = rawequal(self.a, self.b)
  self.a:on("touchUpInside", function(sender) self.sender = rawequal(sender, self.b) end)
end
return Probe
