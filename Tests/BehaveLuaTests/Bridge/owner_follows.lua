local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  self.button:on("touchUpInside", function()
    self.seen = (self.seen or "") .. (self.owner and self.owner.name or "none") .. " "
  end)
end
return Probe
