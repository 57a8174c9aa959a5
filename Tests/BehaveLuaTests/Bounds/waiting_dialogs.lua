local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:awake()
  local options = {}
  for i = 1, 64 do options[i] = ("o"):rep(100000) .. i end
  self.asked = 0
  for i = 1, 100 do
    after(0, function()
      self.asked = self.asked + 1
      ask { style = "alert", title = "Sure?", options = options }
    end)
  end
end
return Probe
