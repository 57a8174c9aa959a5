local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
local function nothing() end
function Probe:fill(make)
  local made, message = 0, nil
  for i = 1, 100000 do
    local ok, err = pcall(make, i)
    if not ok then message = err break end
    made = made + 1
  end
  return made, message
end
function Probe:awake()
  self.timers, self.refused = self:fill(function(i) after(i / 100, nothing) end)
end
function Probe:connect()
  self.connections, self.refused = self:fill(function() self.button:on("touchDown", nothing) end)
end
return Probe
