local Long = behaviour { name = "Long", outlets = { button = "Button" } }

function Long:awake()
  self.button:on("touchUpInside", function()
    error("<b>not markup</b> " .. string.rep("line\n", 300))
  end)
end

return Long
