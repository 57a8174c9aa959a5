local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  local ok, message = pcall(function() string.gsub("ab", "%w", function() animate(0.5, function() self.button.alpha = 0.2 end) end) end)
  self.refused = message
  wait(1)
  self.resumedAt = now()
end
function Probe:uncaught()
  string.gsub("ab", "%w", function() animate(0.5, function() self.button.alpha = 0.2 end) end)
end
return Probe
