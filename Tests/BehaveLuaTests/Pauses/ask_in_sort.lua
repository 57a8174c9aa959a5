local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  local ok, message = pcall(function() table.sort({ 3, 2, 1 }, function(a, b) ask { options = { "x" } }; return a < b end) end)
  self.refused = message
  wait(1)
  self.resumedAt = now()
end
function Probe:uncaught()
  table.sort({ 3, 2, 1 }, function(a, b) ask { options = { "x" } }; return a < b end)
end
return Probe
