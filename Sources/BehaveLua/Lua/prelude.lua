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
--
-- A view of another behaviour's (`refusal.behaviour`) is its data, and no
-- code of it runs for the reader: reads follow `__index` tables, never
-- functions, `#` is the raw length, a function or a coroutine it holds
-- reads as one that refuses to run (its methods' code would change its
-- locals and globals, which no view can guard), and only `self` itself
-- names the behaviour. A module's view reads as the module does: its
-- functions are everyone's to call.
local function viewer(refusal)
  local views = plain_setmetatable({}, { __mode = "k" })
  local stubs = plain_setmetatable({}, { __mode = "k" })
  local view_of

  -- A function or coroutine of another behaviour, as a reader gets it (one
  -- for each, so that it reads as the same twice).
  local function refusing(value, key, what, fix)
    local stub = stubs[value]
    if stub == nil then
      stub = function()
        error(format("%s%s, nor its code run (calling '%s'); %s", where(), what, tostring(key), fix), 0)
      end
      stubs[value] = stub
    end
    return stub
  end

  -- `value[key]` without running code of the behaviour's: raw, then along
  -- `__index` tables (at most 100 of them: a loop of them ends).
  local function data(value, key)
    local t = value
    for _ = 1, 100 do
      local item = rawget(t, key)
      if item ~= nil then return item end
      t = meta_field(t, "__index")
      if type(t) ~= "table" then return nil end
    end
    return nil
  end

  local function guarded(item, key, what, fix)
    local kind = type(item)
    if kind == "function" or kind == "thread" then return refusing(item, key, what, fix) end
    return view_of(item, what, fix)
  end

  local function make(value, what, fix, names)
    local meta = {
      -- At the script's line, even when a library function sets the
      -- field (table.insert).
      __newindex = function(_, key)
        error(format("%s%s (setting '%s'); %s", where(), what, tostring(key), fix), 0)
      end,
      __metatable = false,
    }
    if refusal.behaviour then
      meta.__index = function(_, key) return guarded(data(value, key), key, what, fix) end
      meta.__len = function() return rawlen(value) end
      meta.__call = function() error(format("%s%s, nor its code run (calling a table); %s", where(), what, fix), 0) end
      -- A key that is a table is a view too (the raw key stays here, for
      -- next).
      meta.__pairs = function()
        local key
        return function()
          local item
          key, item = next(value, key)
          return view_of(key, what, fix), guarded(item, key, what, fix)
        end
      end
      if names then meta.__tostring = function() return tostring(value) end end
    else
      meta.__index = function(_, key) return view_of(value[key], what, fix) end
      meta.__len = function() return #value end
      meta.__call = function(_, ...) return value(...) end
      meta.__pairs = function()
        local key
        return function()
          local item
          key, item = next(value, key)
          return view_of(key, what, fix), view_of(item, what, fix)
        end
      end
    end
    return plain_setmetatable({}, meta)
  end

  -- `names`: the view's `tostring` is its table's (a behaviour's `self`,
  -- which the prelude names).
  function view_of(value, what, fix, names)
    if type(value) ~= "table" then return value end
    local view = views[value]
    if view ~= nil then return view end
    view = make(value, what, fix, names)
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
-- control's delegate, an action's sender): its fields, outlets and
-- inspectables read as they read to its own script, and nothing of it can
-- be changed nor run, since no script may change another behaviour's
-- state. The host knows the view as the behaviour it shows
-- (`view_targets`: a control's delegate may be set to it).
local behaviour_view, view_targets = viewer { behaviour = true }, H.viewTargets
local function other_self(self)
  local view = behaviour_view(self, format("%s is not this behaviour: it cannot be changed from here", tostring(self)),
                              "send an event of yours that the scene connects to one of its actions", true)
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
