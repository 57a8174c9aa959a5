local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
local function describe(n)
  local parts = {}
  for i = 1, 3 do parts[i] = tostring(n + i) end
  return table.concat(parts, ",")
end

function Probe:go()
  local n = 0
  while n >= 0 do
    n = n + 1
    local text = describe(n)
    now()
  end
end
return Probe
