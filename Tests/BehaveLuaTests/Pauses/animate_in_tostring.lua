local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  local ok, message = pcall(function() tostring(setmetatable({}, { __tostring = function() animate(0.5, function() self.button.alpha = 0.2 end); return "x" end })) end)
  self.refused = message
  wait(1)
  self.resumedAt = now()
end
function Probe:uncaught()
  tostring(setmetatable({}, { __tostring = function() animate(0.5, function() self.button.alpha = 0.2 end); return "x" end }))
end
return Probe
