local Probe = behaviour { name = "Probe", outlets = {}, inspectables = { picture = { type = "image", default = "cat" }, speed = { type = "number", default = 2 } } }
function Probe:awake()
  local image = self.picture
  self.before = image.name
  rawset(image, "name", self.name)
  local keys = {}
  for key in pairs(image) do keys[#keys + 1] = key end
  table.sort(keys)
  self.keys = table.concat(keys, " ")
  self.fitted = tostring(image:fitting(1, 1))
end
return Probe
