-- What a script can do with the app's module: read its functions, replace
-- them in its own environment only, and nothing more.
local Sandboxed = behaviour { name = "Sandboxed", outlets = { button = "Button" } }

function Sandboxed:awake()
  self.moduleType = type(testapp)
  self.functionType = type(testapp.vibrate)
  self.moduleMetatable = getmetatable(testapp) == nil
  local keys = {}
  for key in pairs(testapp) do keys[#keys + 1] = key end
  table.sort(keys)
  self.keys = table.concat(keys, ",")
  local shared = require "testapp"
  self.sharedChangeRefused = not pcall(function() shared.vibrate = print end)
end

function Sandboxed:replace()
  testapp.vibrate = function() end
  testapp.vibrate("light")
end

function Sandboxed:vibrate()
  testapp.vibrate("light")
end

return Sandboxed
