local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local parts = {}
  local ok = pcall(string.rep, "y", 64 * 1024 * 1024)
  self.button.title = ok and "made it" or "went on"
end
return Probe
