local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local function dive(n)
    coroutine.create(dive)
    return 1 + dive(n + 1)
  end
  return dive(1)
end
return Probe
