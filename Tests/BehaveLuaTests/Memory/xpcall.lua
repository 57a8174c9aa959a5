local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local keep = {}
  local ok = xpcall(function()
    while true do keep[#keep + 1] = {} end
  end, function(m) return "caught: " .. tostring(m) end)
  keep = nil
  local n = 0
  for i = 1, 100000 do n = n + i end
  self.button.title = ok and "no error" or "went on"
end
return Probe
