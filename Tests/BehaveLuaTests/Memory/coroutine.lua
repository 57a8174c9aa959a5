local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local button = self.button
  local co = coroutine.create(function()
    local keep = {}
    pcall(function()
      while true do keep[#keep + 1] = string.rep("y", 100000) .. #keep end
    end)
    keep = nil
    button.title = "went on in the coroutine"
  end)
  pcall(coroutine.resume, co)
  local n = 0
  for i = 1, 100000 do n = n + i end
  button.title = "went on after it " .. tostring(n)
end
return Probe
