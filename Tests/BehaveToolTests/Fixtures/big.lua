-- A behaviour with a field of a megabyte (StateOutputTests).
local Big = behaviour { name = "Big" }

function Big:awake()
  self.text = string.rep("a", 1048576)
  self.short = "ok"
end

return Big
