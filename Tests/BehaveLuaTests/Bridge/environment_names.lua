local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:awake()
  local seen = {}
  for name in pairs(_G) do seen[#seen + 1] = name end
  table.sort(seen)
  self.names = table.concat(seen, " ")
  self.raw = type(rawget(_G, "ipairs")) .. " " .. type(rawget(_G, "math"))
  self.meta = tostring(getmetatable(_G))
end
return Probe
