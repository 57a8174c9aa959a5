local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:tapped()
  string.gsub("ab", "%w", function() coroutine.yield() end)
end
return Probe
