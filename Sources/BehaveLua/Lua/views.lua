-- Read-only views, which the prelude asks for the first time it needs one:
-- a module's table, which every behaviour of a scene shares (require), and
-- another behaviour's `self`, which a script meets as a control's delegate
-- or an action's sender. A script may read a view, and change nothing of
-- it.

local plain_setmetatable, view_refusals, meta_field, where, view_targets = ...
local error, format, next, rawget, rawlen, tostring, type =
      error, string.format, next, rawget, rawlen, tostring, type

-- `view_refusals`: each view, to what the sandbox's rawset says when
-- refusing it: { what it is, the fix }.

-- A key as a refusal names it, without running code: a key of another
-- behaviour's table may be a table whose `__tostring` is that behaviour's
-- code, which would run as the reader's (and could change the reader).
local function key_name(key)
  local kind = type(key)
  if kind == "string" or kind == "number" or kind == "boolean" then return "'" .. tostring(key) .. "'" end
  return "a " .. kind .. " key"
end

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
        error(format("%s%s, nor its code run (calling %s); %s", where(), what, key_name(key), fix), 0)
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
        error(format("%s%s (setting %s); %s", where(), what, key_name(key), fix), 0)
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

  -- `names`: the view's `tostring` is its table's, and the host knows it
  -- as the behaviour it shows (a behaviour's `self`, which the prelude
  -- names).
  function view_of(value, what, fix, names)
    if type(value) ~= "table" then return value end
    local view = views[value]
    if view ~= nil then return view end
    view = make(value, what, fix, names)
    -- Known to rawset (and, for a `self`, to the host) before it is kept:
    -- every one of these can meet the memory limit, and a view kept but
    -- unknown to rawset would be one every reader shares and any could
    -- fill, hiding the table's own fields from the others.
    view_refusals[view] = { what, fix }
    if names then view_targets[view] = value end
    views[value] = view
    return view
  end
  return view_of
end

local module_view = viewer {}
local behaviour_view = viewer { behaviour = true }

return {
  module = function(value, name)
    return module_view(value, format("module '%s' is read-only: it cannot be changed", name), "keep your own copy")
  end,
  -- The host knows the view as the behaviour it shows (`view_targets`,
  -- which view_of fills for a named view: a control's delegate may be set
  -- to it).
  behaviour = function(self)
    return behaviour_view(self, format("%s is not this behaviour: it cannot be changed from here", tostring(self)),
                          "send an event of yours that the scene connects to one of its actions", true)
  end,
}
