local Cell = behaviour { name = "Cell", outlets = { button = "Button" } }
function Cell:awake()
  self.tapped = self.button:on("touchUpInside", function() self.taps = (self.taps or 0) + 1 end)
  self.later = after(60, function() end)
end
return Cell
