local Meddler = behaviour { outlets = { scrollView = "ScrollView" } }

local function try(what, fn)
  local ok, message = pcall(fn)
  print(what, ok, message)
end

function Meddler:meddle(keeper)
  print("reads", tostring(keeper), keeper.count, keeper.items[1], #keeper.items, keeper == self.scrollView.delegate)
  try("set", function() keeper.count = 99 end)
  try("new", function() keeper.stolen = true end)
  try("rawset", function() rawset(keeper, "count", 99) end)
  try("nested", function() keeper.items[1] = "z" end)
  try("insert", function() table.insert(keeper.items, "z") end)
  try("method", function() keeper:bump() end)
  try("metatable", function() setmetatable(keeper, nil) end)
  print("metatable", getmetatable(keeper))
  -- A view is still the behaviour it shows.
  self.scrollView.delegate = keeper
end

function Meddler:awake()
  self:meddle(self.scrollView.delegate)
end

function Meddler:counted(sender)
  self:meddle(sender)
end

return Meddler
