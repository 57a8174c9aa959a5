local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  local ok, message = pcall(function() string.gsub("ab", "%w", function() ask { options = { "x" } } end) end)
  self.refused = message
  wait(1)
  self.resumedAt = now()
end
function Probe:uncaught()
  string.gsub("ab", "%w", function() ask { options = { "x" } } end)
end
return Probe
