local Bytes = behaviour { name = "Bytes" }
function Bytes:awake()
  self[string.char(255)] = 1
  self[string.char(254)] = 2
  self["\\xFF"] = 3
  self["caf" .. string.char(233)] = 4
end
return Bytes
