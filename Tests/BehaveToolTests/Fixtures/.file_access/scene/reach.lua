local Reach = behaviour { name = "Reach", outlets = { label = "Label", button = "Button" } }

-- The module's value, or why there is none.
local function reach(name)
  local ok, found = pcall(require, name)
  return ok and tostring(found.value) or tostring(found)
end

function Reach:awake()
  self.label.text = reach("helpers")
  print(reach("keys"))
  self.button:on("touchUpInside", function() error(reach("helpers")) end)
end

return Reach
