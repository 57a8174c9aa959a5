-- generator.lua: case N of a seed, as its family's name and its source.
-- First come the fixed cases of every family (edges picked by hand), then
-- random ones, the families taking turns by weight. A family's 'fixed' is
-- a list of sources, or a function of the mode returning one; its 'make'
-- gets the random stream and the mode (policy.modes).
local use = ...
local makeRandom = use("random")

local families = {}
for _, module in ipairs({ "strings", "tables", "calls", "arguments", "environment",
                          "library", "utf8cases", "coroutines", "metamethods" }) do
  for _, family in ipairs(use(module)) do families[#families + 1] = family end
end

local schedule = {}
for _, family in ipairs(families) do
  for _ = 1, family.weight or 0 do schedule[#schedule + 1] = family end
end

-- The fixed cases of 'mode', made once.
local fixedByMode = {}
local function fixedCases(mode)
  local fixed = fixedByMode[mode]
  if fixed then return fixed end
  fixed = {}
  for _, family in ipairs(families) do
    local sources = family.fixed or {}
    if type(sources) == "function" then sources = sources(mode) end
    for _, source in ipairs(sources) do
      fixed[#fixed + 1] = { family = family.name, source = source }
    end
  end
  fixedByMode[mode] = fixed
  return fixed
end

local generator = {}

function generator.fixedCount(mode)
  return #fixedCases(mode)
end

function generator.case(seed, index, mode)
  local fixed = fixedCases(mode)
  if index <= #fixed then return fixed[index].family, fixed[index].source end
  local family = schedule[(index - #fixed - 1) % #schedule + 1]
  return family.name, family.make(makeRandom(seed, index), mode)
end

return generator
