local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:awake()
  local function nothing() end
  for _ = 1, 20000 do self.button:on("touchDown", nothing) end
  self.heard = 0
  local kept = {}
  for i = 1, 100 do
    kept[i] = self.button:on("touchUpInside", function() self.heard = self.heard + 1 end)
  end
  for i = 1, 60 do kept[i]:disconnect() end
  self.kept = kept
end
function Probe:keepOne()
  for i = 61, 99 do self.kept[i]:disconnect() end
end
return Probe
