local W = behaviour { name = "W", outlets = { button = "Button" } }
function W:awake() print(self.button.name .. " " .. tostring(self.button.title)) end
return W
