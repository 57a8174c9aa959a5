local Probe = behaviour { name = "Probe", outlets = {}, outletCollections = { labels = "Label" } }
function Probe:awake()
  local s = ("x"):rep(12000000)
  self.set = 0
  for _, label in ipairs(self.labels) do
    label.text = s
    self.set = self.set + 1
  end
end
return Probe
