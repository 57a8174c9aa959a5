local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local function dive(n)
    if n > 60000 then
      while true do end
    end
    local text = tostring(n) .. "x" .. tostring(n * 2)
    return #text + dive(n + 1)
  end
  return dive(1)
end
return Probe
