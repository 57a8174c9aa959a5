local Sizes = behaviour { name = "Sizes", outlets = { button = "Button" }, inspectables = { icon = { type = "image", default = "on" } } }
function Sizes:awake()
  self.button.image = "on"
  log(string.format("%s %dx%d, default %dx%d", self.button.image.name, self.button.image.width,
                    self.button.image.height, self.icon.width, self.icon.height))
end
return Sizes
