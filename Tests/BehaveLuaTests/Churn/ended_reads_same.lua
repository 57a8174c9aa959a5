local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  local timer = after(100, function() end)
  local connection = self.button:on("touchDown", function() end)
  timer:cancel()
  connection:disconnect()
  local function look()
    local _, timerError = pcall(function() return timer.connected end)
    local _, connectionError = pcall(function() return connection.pending end)
    return table.concat({ tostring(timer), tostring(connection), tostring(timer.pending),
                          tostring(connection.connected), tostring(timerError),
                          tostring(connectionError) }, "; ")
  end
  self.before = look()
  for _ = 1, 300 do after(1000, function() end):cancel() end  -- ended entries are dropped
  self.after = look()
end
return Probe
