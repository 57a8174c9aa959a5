local Mixer = behaviour { name = "Mixer", outlets = { order = "Button" }, events = { "levelChanged" } }
function Mixer:awake() self.order:on("touchUpInsde", function() end) end
return Mixer
