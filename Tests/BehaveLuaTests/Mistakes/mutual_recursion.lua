-- expect: mutual_recursion.lua:14: stack overflow while `isEven` and `isOdd` call each other; they call each other without end? Make sure one stops calling the other (return before the call once its work is done)
-- limits: memory=256 instructions=100000000
-- connect: label
local Parity = behaviour {
  name = "Parity",
  outlets = { label = "Label" },
}

local isOdd

-- Neither stops below 0: a negative number runs down forever.
local function isEven(n)
  if n == 0 then return true end
  return not isOdd(n - 1)
end

function isOdd(n)
  if n == 0 then return false end
  return not isEven(n - 1)
end

function Parity:go()
  self.label.text = tostring(isEven(-1))
end

return Parity
