local Fill = behaviour { name = "Fill", outlets = { level = "Slider", go = "Button" } }
function Fill:awake()
  self.go:on("touchUpInside", function()
    self.level.value = 80
    print("read " .. self.level.value)
  end)
end
return Fill
