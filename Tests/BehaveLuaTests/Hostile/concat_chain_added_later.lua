-- expect: attempt to concatenate a table value
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

local function grow(n) if n > 0 then return grow(n - 1) + 1 end return 0 end

-- A __concat added to the metatable after setmetatable, in the middle of a
-- chain, with a metamethod that moves the stack: the private copy never
-- gets it, so the chain fails before any metamethod runs.
function Hostile:attack()
  local mt = {}
  local t = setmetatable({}, mt)
  mt.__concat = function(a, b) grow(150) return "r" end
  return "x" .. t .. "y"
end

return Hostile
