local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:attack()
  self.started = true
  coroutine.wrap(function() animate(1, function() self.button.alpha = 0.5; coroutine.yield() end) end)()
end
return Probe
