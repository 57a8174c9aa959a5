local Meddler = behaviour { outlets = { scrollView = "ScrollView" } }
local shared = require "shared"

function Meddler:awake()
  -- A module's views are known to rawset too: its table of
  -- refusals grows before this viewer's table of views does.
  local _ = shared.settings
  self.list = self.scrollView.delegate.list
  for i = 1, 1000 do _ = self.list[i] end
  self.filler, self.used, self.chunk = {}, 0, 1 << 20
  for i = 1, 400 do self.filler[i] = false end
  self.reserve = ("r"):rep(32768)
end

-- Each step is a callback of its own, which the memory limit ends.
function Meddler:step()
  if self.chunk >= 2048 then
    -- Fill the memory, halving the chunk each time it is refused.
    if self.trying then
      self.trying, self.chunk = nil, self.chunk // 2
      return
    end
    self.trying, self.used = true, self.used + 1
    self.filler[self.used] = ("f"):rep(self.chunk - 25)
    self.trying = nil
  elseif not self.reached then
    -- With the reserve let go, read on until a view cannot be made.
    self.reserve = nil
    for i = 1001, 4000 do
      self.reached = i
      local _ = self.list[i]
    end
  elseif not self.done then
    self.done, self.filler = true, nil
    for i = 1001, self.reached do
      if pcall(rawset, self.list[i], 1, "forged") then print("filled the view of item", i) end
    end
  end
end

return Meddler
