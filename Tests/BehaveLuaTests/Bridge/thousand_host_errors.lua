local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  for _ = 1, 1000 do
    pcall(function() self.button.alpha = 5 end)
    pcall(function() self.button.image = {} end)
  end
end
return Probe
