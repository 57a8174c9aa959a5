local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  local ok, message = pcall(function()
    self.button.alpha = 1.5
  end)
  self.caught = message
  self.ok = ok
end
return Probe
