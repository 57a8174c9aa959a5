local Probe = behaviour { name = "Probe", outlets = { button = "Button", picture = "ImageView" } }
function Probe:awake()
  for i = 1, 3 do
    self.button.image = "b" .. i
    self.picture.image = "p" .. i
  end
  self.buttonImage = self.button.image.name
  self.pictureImage = self.picture.image.name
  self.buttonTitle = self.button.title
end
return Probe
