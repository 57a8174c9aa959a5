-- generator.lua: case N of a seed, as its family's name and its source.
-- First come the fixed cases of every family (edges picked by hand), then
-- random ones, the families taking turns by weight.
local use = ...
local makeRandom = use("random")

local families = {}
for _, module in ipairs({ "strings", "tables", "calls", "arguments", "environment" }) do
  for _, family in ipairs(use(module)) do families[#families + 1] = family end
end

local fixed, schedule = {}, {}
for _, family in ipairs(families) do
  for _, source in ipairs(family.fixed or {}) do
    fixed[#fixed + 1] = { family = family.name, source = source }
  end
  for _ = 1, family.weight or 0 do schedule[#schedule + 1] = family end
end

local generator = { fixedCount = #fixed }

function generator.case(seed, index)
  if index <= #fixed then return fixed[index].family, fixed[index].source end
  local family = schedule[(index - #fixed - 1) % #schedule + 1]
  return family.name, family.make(makeRandom(seed, index))
end

return generator
