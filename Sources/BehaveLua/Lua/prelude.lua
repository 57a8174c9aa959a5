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

-- Read-only views (Lua/views.lua): a module's table as every behaviour
-- gets it, another behaviour's `self`. Compiled the first time a view is
-- made: most scenes make none, and a start pays nothing for them.
local views
local function view_makers()
  if views == nil then
    views = H.views()(plain_setmetatable, H.readonlyTables, H.metaField, H.where, H.viewTargets)
  end
  return views
end

local function readonly(value, name)
  return view_makers().module(value, name)
end

-- require "name": the host resolves the name from the scope of the
-- calling chunk (for a behaviour: beside the requiring file, then among the
-- bundled scripts; for a spec file: from the working directory, then
-- beside the spec) and hands over the module's loader. It runs once per
-- runtime. A behaviour's module runs in a sandbox environment of its own
-- and every script gets the same value, read-only: one behaviour cannot
-- change what another sees. A spec's module runs in the spec's environment
-- and its value is handed out as it is, as Lua's require does.
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
-- control's delegate, an action's sender): its data, read-only, none of
-- its code run for the reader (views.lua).
local function other_self(self)
  return view_makers().behaviour(self)
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
