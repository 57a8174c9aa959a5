/// The Lua half of the bridge: small functions that are easier to write in
/// Lua than through the C API. It runs once per runtime in a private
/// environment; scripts see only what it returns, through their own
/// environment, and cannot reach its upvalues (there is no `debug`).
let preludeSource = #"""
local H = ...
local rawset, setmetatable, select, tostring, pcall, error, type =
      rawset, setmetatable, select, tostring, pcall, error, type
local concat = table.concat

local api = {}

-- print and log: tostring runs here, in script code and under its budget,
-- never in the host.
local function write(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  H.log(concat(parts, "\t"))
end
api.print = write
api.log = write

-- animate(duration, changes [, curve]): changes made by `changes` are
-- captured and animated; returns when the animation is done.
function api.animate(duration, changes, curve)
  H.beginAnimation(duration, changes, curve)
  local ok, message = pcall(changes)
  return H.commitAnimation(ok, message)
end

api.wait = H.wait
api.after = H.after
api.now = H.now
api.ask = H.ask
api.platform = {
  available = H.platformAvailable,
  permission = H.platformPermission,
  requestPermission = H.platformRequestPermission,
  pickImage = H.platformPickImage,
  openSettings = H.platformOpenSettings,
}
api.behaviour = H.declare

-- Each behaviour instance: `self` is a table of its own fields; outlets and
-- inspectables live in the host (so every set is checked), methods in its
-- class.
local builtins = {}
local idOf = setmetatable({}, { __mode = "k" })
function builtins.send(self, event, ...) return H.send(idOf[self], event, ...) end
function builtins.sendAction(self, action, ...) return H.sendAction(idOf[self], action, ...) end

local get, set, describe = H.get, H.set, H.describe

-- `props` mirrors the outlets and inspectables (the host keeps it current),
-- so reading them costs no call into the host.
local function instance(class, id, props)
  local self = {}
  idOf[self] = id
  return setmetatable(self, {
    __index = function(_, key)
      local value = class[key]
      if value ~= nil then return value end
      value = props[key]
      if value ~= nil then return value end
      value = builtins[key]
      if value ~= nil then return value end
      return get(id, key)
    end,
    __newindex = function(t, key, value)
      if not set(id, key, value) then rawset(t, key, value) end
    end,
    __tostring = function() return describe(id) end,
    __metatable = false,
  })
end

return api, instance
"""#
