-- A behaviour that changes all it can reach of its scene's state when it
-- wakes, after noting what it found there: the next spec's scene (its
-- state made again from the same copy) must find what a fresh one does.
local Spoiler = behaviour { name = "Spoiler", inspectables = { drawn = 0, found = "" } }

function Spoiler:awake()
  local found = {}
  if LEFT ~= nil then found[#found + 1] = "a global" end
  if string.left ~= nil or ("").left ~= nil then found[#found + 1] = "the string library" end
  if math.left ~= nil then found[#found + 1] = "the math library" end
  self.found = table.concat(found, ", ")
  self.drawn = math.random(1, 1000000)
  LEFT = true
  string.left = 1
  math.left = 1
  math.randomseed(99)
  for _ = 1, 10 do math.random() end
  self.suspended = coroutine.create(function() coroutine.yield() end)
  coroutine.resume(self.suspended)
  after(5, function() self.drawn = -1 end)
  self.kept = {}
  for i = 1, 5000 do self.kept[i] = { i } end
end

return Spoiler
