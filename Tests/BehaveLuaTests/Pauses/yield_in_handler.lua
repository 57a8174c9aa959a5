local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:tapped()
  self.before = true
  coroutine.yield(1)
  self.after = true
end
return Probe
