-- Counts as people read them, shared by the behaviours of the post screen
-- through `require "counting"`: one copy per scene, read-only.
local counting = {}

local units = { { 1e9, "B" }, { 1e6, "M" }, { 1e3, "K" } }

-- 999, 1.2K, 12K, 3.4M: below 10 of a unit one decimal (cut, not rounded
-- up: 1,999 is not yet 2K), above it whole units.
function counting.compact(n)
  for _, unit in ipairs(units) do
    local size, letter = unit[1], unit[2]
    if n >= size then
      local value = n / size
      local shown = value < 10 and math.floor(value * 10) / 10 or math.floor(value)
      return ("%g%s"):format(shown, letter)
    end
  end
  return tostring(n)
end

-- "no likes", "1 like", "1.2K likes".
function counting.phrase(n, noun)
  if n == 0 then return "no " .. noun .. "s" end
  return counting.compact(n) .. " " .. noun .. (n == 1 and "" or "s")
end

return counting
