local Probe = behaviour { name = "Probe", outlets = {}, inspectables = { picture = { type = "image", default = "cat" } } }
function Probe:awake()
  local image = self.picture
  self.ok, self.message = pcall(function() image.size = 3 end)
  self.pictureName = image.name
end
return Probe
