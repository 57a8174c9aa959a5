local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:tapped()
  table.sort({ 3, 2, 1 }, function(a, b) coroutine.yield(); return a < b end)
end
return Probe
