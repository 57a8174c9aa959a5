local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local f = coroutine.wrap(function()
    return string.rep("y", 64 * 1024 * 1024)
  end)
  self.button.title = "made " .. #f()
end
return Probe
