local Cell = behaviour { name = "Cell", outlets = { button = "Button" } }
function Cell:awake() self.button:on("touchUpInside", function() end) end
return Cell
