local Intruder = behaviour { outlets = { scrollView = "ScrollView" } }

local function try(what, fn)
  local ok, message = pcall(fn)
  print(what, ok, message)
end

function Intruder:awake()
  local owner = self.scrollView.delegate
  try("call", function() owner.tally() end)
  try("length", function() return #owner.tally end)
  try("cancel", function() owner.timer:cancel() end)
  try("method", function() owner:stop() end)
  try("disconnect", function() owner.connection:disconnect() end)
  try("send", function() owner:send("alarm") end)
  try("sendAction", function() owner.sendAction(nil, "panic") end)
  try("key", function() for key in pairs(owner.chosen) do key.n = 99 end end)
end

return Intruder
