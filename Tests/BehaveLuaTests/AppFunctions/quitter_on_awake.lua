local Quitter = behaviour { name = "Quitter", outlets = { button = "Button" } }
function Quitter:awake()
  self.button:on("touchUpInside", function() self.button.image = "ran" end)
  closer.quit()
  local kept = {}
  for i = 1, 2000 do kept[i] = { i } end  -- the script goes on after the call
end
return Quitter
