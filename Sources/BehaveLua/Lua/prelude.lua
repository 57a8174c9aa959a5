-- The Lua half of the bridge: small functions that are easier to write in
-- Lua than through the C API. It runs once per runtime in a private
-- environment; scripts see only what it returns, through their own
-- environment, and cannot reach its upvalues (there is no `debug`).

local H = ...
local rawset, select, tostring, pcall, error, type, next =
      rawset, select, tostring, pcall, error, type, next
local concat = table.concat
local format = string.format
-- The prelude's own metatables are set as they are, out of scripts' reach:
-- the sandbox's setmetatable would check and copy each.
local plain_setmetatable = H.plainSetmetatable

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
-- captured and animated; returns when the animation is done. `changes`
-- runs as pcall would run it, except that it cannot pause: the capture
-- must end before anything else runs.
local run_changes = H.runChanges
function api.animate(duration, changes, curve)
  H.beginAnimation(duration, changes, curve)
  local ok, message = run_changes(changes)
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

-- require "name": the host resolves the name from the scope of the
-- calling chunk (for a behaviour: beside the requiring file, then among the
-- bundled scripts; for a spec file: from the working directory, then
-- beside the spec) and hands over the module's loader. It runs once per
-- runtime. A behaviour's module runs in a sandbox environment of its own
-- and every script gets the same value, read-only: one behaviour cannot
-- change what another sees. A spec's module runs in the spec's environment
-- and its value is handed out as it is, as Lua's require does.
-- Each read-only view, to what the sandbox's rawset says when refusing it:
-- { what it is, the fix }.
local view_refusals = H.readonlyTables

local meta_field, where = H.metaField, H.where

-- A maker of read-only views: a view reads through to its table (a table
-- it reads is a view too) and refuses changes with `what` and `fix`. Views
-- are kept per table (weakly), so that a table read twice is one view.
-- A view of another behaviour's table (`refusal.behaviour`) hands out
-- nothing of it but views: what its `#` and its call return are views too,
-- and its `__call` gets the view, as its methods do, so that neither can
-- give the reader the table itself to change. (A module's call gets its
-- table, as a module's own functions do.)
local function viewer(refusal)
  local views = plain_setmetatable({}, { __mode = "k" })
  local view_of
  local function views_of(what, fix, ...)
    local n, results = select("#", ...), { ... }
    for i = 1, n do results[i] = view_of(results[i], what, fix) end
    return table.unpack(results, 1, n)
  end
  local function make(value, what, fix)
    local view
    local len, call = function() return #value end, function(_, ...) return value(...) end
    if refusal.behaviour then
      len = function() return view_of(#value, what, fix) end
      call = function(_, ...)
        local metamethod = meta_field(value, "__call")
        if metamethod == nil then return value(...) end  -- Lua's own error
        return views_of(what, fix, metamethod(view, ...))
      end
    end
    view = plain_setmetatable({}, {
      __index = function(_, key) return view_of(value[key], what, fix) end,
      -- At the script's line, even when a library function sets the
      -- field (table.insert).
      __newindex = function(_, key)
        error(format("%s%s (setting '%s'); %s", where(), what, tostring(key), fix), 0)
      end,
      __len = len,
      __call = call,
      -- A key that is a table is a view too (the raw key stays here, for
      -- next).
      __pairs = function()
        local key
        return function()
          local item
          key, item = next(value, key)
          return view_of(key, what, fix), view_of(item, what, fix)
        end
      end,
      __tostring = refusal.behaviour and function() return tostring(value) end or nil,
      __metatable = false,
    })
    return view
  end
  function view_of(value, what, fix)
    if type(value) ~= "table" then return value end
    local view = views[value]
    if view ~= nil then return view end
    view = make(value, what, fix)
    views[value] = view
    view_refusals[view] = { what, fix }
    return view
  end
  return view_of
end

local module_view = viewer {}

local function readonly(value, name)
  return module_view(value, format("module '%s' is read-only: it cannot be changed", name), "keep your own copy")
end
local require_module, module_loaded = H.requireModule, H.moduleLoaded

-- An error in the module's top level goes on up from its own line; the
-- host loads it again at the next require. `path` is a spec's own
-- package.path, which the host reads only for a spec file's require.
function api.require(name, path)
  local value, loader, data, key, shared = require_module(name, path)
  if loader == nil then return value end
  local result = loader(name, data)
  if result == nil then result = true end
  if shared then result = readonly(result, name) end
  return module_loaded(key, result)
end

-- Each behaviour instance: `self` holds the behaviour's own fields. Reads
-- fall through to `props` — the outlets and inspectables, which the host
-- mirrors there, and the built-in methods send and sendAction, which the
-- host put there (in C) — and then to the class: a chain of tables the VM
-- follows without a call. Writes to outlets and inspectables go to the
-- host, which checks them against the declaration.
local set, describe = H.set, H.describe
-- A new field of the behaviour's own goes straight in (own_field sets it);
-- the host hears of what it must check or may note as a misspelling
-- (`declared`, per type). Every `self` shares its metamethods: its id and
-- `declared` are in its metatable, at [1] and [2], which own_field and
-- self_id read (behaviours.c), and its mirror at [3], where the host finds
-- it (a registry reference of its own cost each attach 320 instructions).
local own_field, self_id = H.ownField, H.selfID

local function self_newindex(t, key, value)
  local own, id = own_field(t, key, value)
  if not own and not set(id, key, value) then rawset(t, key, value) end
end

local function self_tostring(t) return describe(self_id(t)) end

-- Another behaviour's `self`, as a script gets it from the host (a
-- control's delegate, an action's sender): it reads as `self` does, its
-- methods may be called, and nothing of it can be changed, since no script
-- may change another behaviour's state. The host knows the view as the
-- behaviour it shows (`view_targets`: a control's delegate may be set to
-- it).
local behaviour_view, view_targets = viewer { behaviour = true }, H.viewTargets
local function other_self(self)
  local view = behaviour_view(self, format("%s is not this behaviour: it cannot be changed from here", tostring(self)),
                              "send an event of yours that the scene connects to one of its actions")
  view_targets[view] = self
  return view
end

-- Each instance's tables are made in C (bh_new_self: a call of the host's
-- own, not a protected call of a Lua function, cost each attach about 0.7 K
-- instructions less): `props` gets { __index = class, __metatable = false },
-- `self` an empty table and the metatable
-- { id, declared, props, __index = props, __newindex = self_newindex,
--   __tostring = self_tostring, __metatable = false }.
-- id, declared and the mirror are in the array part: the hash part, which
-- every read of a missing field searches for __index, stays small.
return api, other_self, self_newindex, self_tostring
