local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
local function helper()
  pritn("x")
end

function Probe:awake()
  helper()
end
return Probe
