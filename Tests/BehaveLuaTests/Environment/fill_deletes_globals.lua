local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:fill(_, n)
  local head = nil
  for _ = 1, n do head = { head } end
  self.pad = head
  for _ in pairs(_G) do end
end
function Probe:check()
  self.pad = nil
  local env = _ENV
  env.string, env.table, env.math = nil, nil, nil
  self.left = tostring(env.string) .. " " .. tostring(env.table) .. " " .. tostring(env.math)
end
return Probe
