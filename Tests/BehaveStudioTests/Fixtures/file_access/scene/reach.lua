local Reach = behaviour { name = "Reach", outlets = { label = "Label", button = "Button" } }
local function reach()
  local ok, found = pcall(require, "helpers")
  return ok and tostring(found.value) or tostring(found)
end
function Reach:awake()
  self.label.text = reach()
  self.button:on("touchUpInside", function() error(reach()) end)
end
return Reach
