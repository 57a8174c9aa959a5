local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  local ok, message = pcall(function() table.sort({ 3, 2, 1 }, function(a, b) animate(0.5, function() self.button.alpha = 0.2 end); return a < b end) end)
  self.refused = message
  wait(1)
  self.resumedAt = now()
end
function Probe:uncaught()
  table.sort({ 3, 2, 1 }, function(a, b) animate(0.5, function() self.button.alpha = 0.2 end); return a < b end)
end
return Probe
