local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local keep = {}
  for i = 1, 3 do keep[i] = string.rep(tostring(i), 1000000) end
  local piece = string.rep("z", 50000)
  local made = 0
  for _, size in ipairs({900000, 1200000, 1500000}) do
    for i = 1, 600 do
      local garbage = piece .. i
      if i % 11 == 0 then made = made + #string.rep("x", size) end
    end
  end
  self.button.title = "made " .. made .. " with " .. #keep
end
return Probe
