local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local f = coroutine.wrap(function()
    error("not enough memory", 0)
  end)
  f()
  self.button.title = "went on"
end
return Probe
