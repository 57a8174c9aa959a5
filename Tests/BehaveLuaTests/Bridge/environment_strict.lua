local Probe = behaviour { name = "Probe", outlets = {} }
setmetatable(_G, { __index = function(_, name) error("undeclared " .. name, 2) end })
function Probe:awake()
  self.ok = pcall(function() return undeclared_name end) == false
  self.type = type(pairs)
end
return Probe
