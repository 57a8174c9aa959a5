local Watch = behaviour { name = "Watch", outlets = { slider = "Slider" } }
function Watch:awake()
  self.heard = 0
  self.slider:on("valueChanged", function() self.heard = self.heard + 1 end)
end
return Watch
