local keep = {}
for i = 1, 20 do keep[i] = { i, tostring(i) } end
local Sweep = behaviour {
  name = "Sweep",
  outlets = { button = "Button", scroll = "ScrollView" },
  inspectables = { size = { type = "size", default = { 1, 2 } }, label = { type = "string", default = "x" } },
  events = { "poked" },
}
function Sweep:awake()
  self.toggled = false
  self.kept = self.button
  self.scroll.delegate = self
  self.button:on("touchUpInside", function() self.toggled = not self.toggled; self:send("poked") end)
  after(1, function() self.timed = true end)
  local t = {}
  for i = 1, 10 do t[i] = { i } end
  self.t = t
end
function Sweep:scrollViewDidScroll(scrollView) self.y = scrollView.contentOffset.y end
return Sweep
