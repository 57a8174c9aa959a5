  local function try(f) local ok, message = pcall(f); self.log[#self.log + 1] = message end
  try(function() self.machine:fire("tpa") end)
  try(function() self.machine:go("blue") end)
  try(function() self.machine.fire("tap") end)
  try(function() self.machine.colour = "red" end)
  try(function() self.machine:is("read") end)
  self.machine.state = "amber"
  try(function() self.machine:check() end)
  self.canGreen, self.isRed = self.machine:can("green"), self.machine:is("red")
