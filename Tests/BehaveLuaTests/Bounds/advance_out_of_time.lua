local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:awake()
  local function work()
    local t = now()
    for i = 1, 200000 do t = t + i end
  end
  for i = 1, 50000 do after(i / 1000, work) end
end
return Probe
