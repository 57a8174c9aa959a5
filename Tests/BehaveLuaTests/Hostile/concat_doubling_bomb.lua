-- expect: memory limit exceeded|too large|not enough memory
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local s = 'x'
  while true do s = s .. s end
end

return Hostile
