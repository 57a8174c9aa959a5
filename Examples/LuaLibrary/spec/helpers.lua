-- What the specs share (`require "spec.helpers"`): a custom assertion
-- worded through say, a matcher, and a formatter for tallies in messages.

local assert = require "luassert"
local say = require "say"
local tally = require "tally"

-- assert.has_item(t, name [, count]): t holds name (that many of it).
local function has_item(state, arguments)
  local t, name, count = arguments[1], arguments[2], arguments[3]
  if count == nil then return t:count(name) > 0 end
  return t:count(name) == count
end

say:set("assertion.has_item.positive", "Expected %s to hold %s")
say:set("assertion.has_item.negative", "Expected %s not to hold %s")
assert:register("assertion", "has_item", has_item, "assertion.has_item.positive", "assertion.has_item.negative")

-- match.is_tally(): an argument that is a tally.
assert:register("matcher", "tally", function()
  return function(value) return tally.is_tally(value) end
end)

-- Tallies in messages read as tostring says.
assert:add_formatter(function(value)
  if tally.is_tally(value) then return tostring(value) end
end)

local helpers = {}

-- A tally named `name` holding `contents` (name -> count).
function helpers.stocked(name, contents)
  local t = tally.new(name)
  local names = {}
  for item in pairs(contents) do names[#names + 1] = item end
  table.sort(names)
  for _, item in ipairs(names) do t:add(item, contents[item]) end
  return t
end

return helpers
