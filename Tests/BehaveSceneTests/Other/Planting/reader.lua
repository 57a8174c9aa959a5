local Reader = behaviour { outlets = { mine = "ScrollView", theirs = "ScrollView" } }

function Reader:awake()
  self.count = 1
  self.mine.delegate = self
end

function Reader:scrollViewDidScroll() end

function Reader:inspect()
  for _, value in pairs(self.theirs.delegate) do
    if type(value) == "function" then print("call", pcall(value)) end
  end
  -- A key of the reader's own is named alike, by rawset too.
  local key = setmetatable({}, { __tostring = error })
  print("set", pcall(function() self.theirs.delegate[key] = 1 end))
  print("rawset", pcall(function() rawset(self.theirs.delegate, key, 1) end))
end

return Reader
