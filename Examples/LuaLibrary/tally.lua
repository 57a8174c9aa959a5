-- tally: counts of named things, with listeners that hear every change.
-- A small pure-Lua library whose suite (spec/) is written in busted's
-- style: run it with `busted` or `behave test` from this folder.

local format = require "tally.format"

local tally = { _VERSION = "tally 1.0" }

-- What history entries are stamped with; the specs stub it.
function tally.now()
  return 0
end

local Tally = {}
Tally.__index = Tally

function tally.new(name)
  if type(name) ~= "string" or name == "" then
    error("tally.new(name) takes a name", 2)
  end
  return setmetatable({ name = name, counts = {}, history = {}, listeners = {} }, Tally)
end

function tally.is_tally(value)
  return getmetatable(value) == Tally
end

-- Calls `listener(tally, ...)` after each `event` ("changed", "emptied").
function Tally:on(event, listener)
  local list = self.listeners[event]
  if list == nil then
    list = {}
    self.listeners[event] = list
  end
  list[#list + 1] = listener
  return listener
end

function Tally:emit(event, ...)
  for _, listener in ipairs(self.listeners[event] or {}) do
    listener(self, ...)
  end
end

local function record(self, item, change)
  self.history[#self.history + 1] = { at = tally.now(), item = item, change = change }
end

function Tally:add(item, count)
  count = count or 1
  if type(item) ~= "string" then error("an item is named by a string", 2) end
  if math.type(count) ~= "integer" or count < 1 then
    error(("cannot add %s of %s"):format(tostring(count), item), 2)
  end
  self.counts[item] = (self.counts[item] or 0) + count
  record(self, item, count)
  self:emit("changed", item, self.counts[item])
  return self.counts[item]
end

function Tally:remove(item, count)
  count = count or 1
  local have = self.counts[item] or 0
  if count > have then
    error(("only %d of %s to remove, not %d"):format(have, item, count), 2)
  end
  local left = have - count
  self.counts[item] = left > 0 and left or nil
  record(self, item, -count)
  self:emit("changed", item, left)
  if left == 0 then self:emit("emptied", item) end
  return left
end

function Tally:count(item)
  return self.counts[item] or 0
end

function Tally:total()
  local sum = 0
  for _, count in pairs(self.counts) do sum = sum + count end
  return sum
end

-- The names of the items it holds, sorted.
function Tally:items()
  local names = {}
  for name in pairs(self.counts) do names[#names + 1] = name end
  table.sort(names)
  return names
end

function Tally:report()
  return format.report(self)
end

function Tally:__tostring()
  return ("tally %s (%d items)"):format(self.name, self:total())
end

function Tally:__len()
  return #self:items()
end

return tally
