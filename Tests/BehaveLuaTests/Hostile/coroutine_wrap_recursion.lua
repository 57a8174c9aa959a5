-- expect: stack overflow|C stack overflow|too many
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local function nest() return coroutine.wrap(nest)() end
  return nest()
end

return Hostile
