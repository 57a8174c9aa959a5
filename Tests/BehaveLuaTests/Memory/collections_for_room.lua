local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
local calls = 0
function Probe:go()
  local big = string.rep("x", 3000000)
  while true do
    string.format("x", big)
    calls = calls + 1
  end
end
function Probe:report() self.button.title = tostring(calls) end
return Probe
