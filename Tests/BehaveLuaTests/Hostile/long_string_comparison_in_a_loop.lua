-- expect: time limit exceeded|instruction budget exceeded|memory limit exceeded
-- within: 2
-- Comparing two long strings that differ at their end is one instruction
-- and millions of bytes: the clock must be looked at between them, not
-- only every thousand instructions.
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local big = string.rep("1", 12 * 1024 * 1024)
  local other = string.sub(big, 2) .. "2"
  while true do local _ = big < other, big == other, big <= other end
end

return Hostile
