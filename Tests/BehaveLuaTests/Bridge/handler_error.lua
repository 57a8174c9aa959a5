local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.button:on("touchUpInside", function() self:explode() end)
end
function Probe:explode()
  error("boom")
end
return Probe
