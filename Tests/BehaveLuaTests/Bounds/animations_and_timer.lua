local Probe = behaviour { name = "Probe", outlets = { label = "Label" } }
function Probe:awake()
  for i = 1, 2000 do
    after(0, function() animate(10, function() self.label.alpha = 0 end) end)
  end
  local ticks = 0
  local function tick()
    ticks = ticks + 1
    if ticks < 20000 then after(1e-9, tick) end
  end
  tick()
end
return Probe
