local Broken = behaviour { name = "Broken", outlets = { button = "Button", label = "Label" } }

function Broken:awake()
  self.button:on("touchUpInside", function()
    self.label.text = "tapped " .. nil
  end)
end

return Broken
