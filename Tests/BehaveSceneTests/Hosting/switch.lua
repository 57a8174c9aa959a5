local Watch = behaviour { name = "Watch", outlets = { toggle = "Switch" } }
function Watch:awake()
  self.seen = {}
  self.toggle:on("valueChanged", function(toggle) self.seen[#self.seen + 1] = toggle.isOn end)
end
return Watch
