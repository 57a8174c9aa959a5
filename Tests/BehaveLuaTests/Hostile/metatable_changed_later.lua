-- expect: contained
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local mt = {}
  local t = setmetatable({}, mt)
  mt.__index = function() while true do end end
  setmetatable(mt, { __mode = 'kv' })
  if t.anything == nil then error('contained') end
end

return Hostile
