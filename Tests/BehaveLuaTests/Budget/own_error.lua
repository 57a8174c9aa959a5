local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local function dive(n)
    coroutine.create(dive)
    if n == 5000 then error("mine") end
    return 1 + dive(n + 1)
  end
  return dive(1)
end
return Probe
