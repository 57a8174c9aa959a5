-- `scene.script`, `scene.load`, `scene.new`, and the scene objects: the
-- CLI's commands as methods, controls and behaviours by name (read live
-- from the scene's own state through the host).

local P = ...
local H = P.H
local type, tostring, error, setmetatable, rawset, ipairs, pairs = type, tostring, error, setmetatable, rawset, ipairs, pairs
-- (The scene objects' and proxies' metatables are the prelude's own.)
local own_metatable = P.plain_setmetatable
local format = string.format

-- Each scene object's id; weak, so the runner can close the scenes a spec
-- lets go of (proxies of controls and behaviours hold their scene).
local scene_ids = setmetatable({}, { __mode = "k" })
P.scene_ids = scene_ids

local function id_of(s, method)
  local id = scene_ids[s]
  if id == nil then error(format("call scene methods with a colon: s:%s(…)", method), 3) end
  return id
end

-- A proxy's functions refer to its scene object, which keeps the scene
-- open while the proxy is in use.
local function control_proxy(s, name)
  return own_metatable({}, {
    __index = function(_, key) return H.controlGet(scene_ids[s], name, key) end,
    __newindex = function(_, key, value) H.set(scene_ids[s], name, key, value) end,
    __tostring = function() return "control " .. name end,
    __metatable = false,
  })
end

local function behaviour_proxy(s, name)
  local proxy
  proxy = own_metatable({}, {
    __index = function(_, key)
      local value, outlet, action = H.behaviourGet(scene_ids[s], name, key)
      if outlet ~= nil then return control_proxy(s, outlet) end
      if action then
        -- s.like:tapped(…) calls the action as a connection would.
        return function(self, ...)
          if self ~= proxy then error(format("call actions with a colon: s.%s:%s(…)", name, key), 2) end
          H.command(scene_ids[s], "call", name .. "." .. key, ...)
        end
      end
      return value
    end,
    __newindex = function(_, key, value) H.set(scene_ids[s], name, key, value) end,
    __tostring = function() return "behaviour " .. name end,
    __metatable = false,
  })
  return proxy
end

local methods = {}
local function command_method(verb)
  methods[verb] = function(s, ...)
    local results = { H.command(id_of(s, verb), verb, ...) }
    return results[1]
  end
end
for _, verb in ipairs { "send", "call", "set", "keyboard", "advance", "choose", "remove", "dismiss",
                        "show", "state", "command", "record", "errors", "trace", "dialog", "now", "exists" } do
  command_method(verb)
end
-- what a person does to controls (tap, step, type…): each control type's commands
for _, verb in ipairs(H.controlVerbs()) do command_method(verb) end

function methods.control(s, name)
  local id = id_of(s, "control")
  if H.lookup(id, name) ~= "control" then error(format("`%s` is not a control", tostring(name)), 2) end
  return control_proxy(s, name)
end

function methods.behaviour(s, name)
  local id = id_of(s, "behaviour")
  if H.lookup(id, name) ~= "behaviour" then error(format("`%s` is not a behaviour", tostring(name)), 2) end
  return behaviour_proxy(s, name)
end

-- `s.controls.NAME` and `s.behaviours.NAME`: every control and behaviour,
-- whatever its name, even one named like a method (`s.remove` is the
-- method; the control named `remove` is `s.controls.remove`).
local function directory(s, kind, other)
  local what = kind == "control" and "controls" or "behaviours"
  local proxy_of = kind == "control" and control_proxy or behaviour_proxy
  return own_metatable({}, {
    __index = function(t, name)
      local found = H.lookup(scene_ids[s], name)
      if found ~= kind then
        error(format("`%s` is a %s, not a %s: reach it as s.%s.%s", tostring(name), found, kind, other, tostring(name)), 2)
      end
      local proxy = proxy_of(s, name)
      rawset(t, name, proxy)
      return proxy
    end,
    __newindex = function(_, name)
      error(format("s.%s.%s cannot be replaced; set its properties with s.%s.%s.property = value",
                   what, tostring(name), what, tostring(name)), 2)
    end,
    __tostring = function() return what end,
    __metatable = false,
  })
end

-- A method whose name a control or behaviour of the scene also has: still
-- the method when called, and indexing it says where the other one is.
local function shared_name(method, name, kind)
  local function refuse()
    error(format("`s.%s` is the scene's method %s; the %s named `%s` is s.%ss.%s",
                 name, "s:" .. name .. "(…)", kind, name, kind, name), 2)
  end
  return own_metatable({}, {
    __call = function(_, ...) return method(...) end,
    __index = refuse,
    __newindex = refuse,
    __tostring = function() return "scene method " .. name end,
    __metatable = false,
  })
end

-- The method `key`, or its stand-in when a control or behaviour of the
-- scene shares its name: asked once per scene and method used (its
-- controls and behaviours never change names), so that a spec calling
-- s:tap asks the host about `tap` alone.
local shared = setmetatable({}, { __mode = "k" })

local function scene_method(s, key, method)
  local names = shared[s]
  if names == nil then
    names = {}
    shared[s] = names
  end
  local found = names[key]
  if found == nil then
    found = false
    if H.named(scene_ids[s], { key })[1] ~= nil then
      found = shared_name(method, key, H.lookup(scene_ids[s], key))
    end
    names[key] = found
  end
  return found or method
end

-- The methods' names, for the host to tell `s:click(…)` it meant `s:tap`
-- (Lua asks `s.click` before it calls it); listed on first need.
local method_names
local function names_of_methods()
  if method_names == nil then
    method_names = {}
    for name in pairs(methods) do method_names[#method_names + 1] = name end
    table.sort(method_names)
  end
  return method_names
end

local scene_meta = {
  __index = function(s, key)
    local method = methods[key]
    if method ~= nil then return scene_method(s, key, method) end
    local proxy
    if key == "controls" then
      proxy = directory(s, "control", "behaviours")
    elseif key == "behaviours" then
      proxy = directory(s, "behaviour", "controls")
    elseif H.lookup(scene_ids[s], key, names_of_methods()) == "control" then
      proxy = control_proxy(s, key)
    else
      proxy = behaviour_proxy(s, key)
    end
    rawset(s, key, proxy)
    return proxy
  end,
  __newindex = function(_, key)
    error(format("a scene's `%s` cannot be replaced; set properties with s.name.property = value", tostring(key)), 2)
  end,
  __tostring = function() return "scene" end,
  __metatable = false,
}

local function wrap(id)
  local s = own_metatable({}, scene_meta)
  scene_ids[s] = id
  return s
end

-- s:explore{ steps = N, seed = S, runs = R, shrinkTime = SECONDS, shrinkReplays = N,
--            invariants = { name = function(s) … end } }:
-- random actions a person could take, each run on a new copy of the scene
-- (made as `s` was); after every step, no script may have raised an error
-- and every invariant must hold (return true; or false and what was seen).
-- A failure is shrunk to a shortest list of commands that fails the same
-- way, and raised with it. The host's shrinker (the one `behave explore`
-- uses) proposes the lists and keeps to the budget; the spec replays them,
-- since its invariants are Lua.
local sort, concat, floor = table.sort, table.concat, math.floor

-- Invariants are checked a list's first, in its order (2 before 10), then
-- in the order of their names; each is called by its own key, so a list
-- of them (keys 1, 2, …) works as named ones do.
local function check_before(a, b)
  local a_numbered, b_numbered = type(a.key) == "number", type(b.key) == "number"
  if a_numbered ~= b_numbered then return a_numbered end
  if a_numbered then return a.key < b.key end
  return a.name < b.name
end

local function checker(invariants)
  local checks = {}
  for key, invariant in pairs(invariants or {}) do
    if type(invariant) ~= "function" then
      error(format("explore's invariant `%s` must be a function(s) that returns true while it holds", tostring(key)), 4)
    end
    checks[#checks + 1] = { key = key, name = tostring(key), invariant = invariant }
  end
  sort(checks, check_before)
  return function(t)
    for _, check in ipairs(checks) do
      local ok, seen = check.invariant(t)
      if not ok then
        return format("invariant \"%s\" does not hold%s", check.name, seen ~= nil and (": " .. tostring(seen)) or "")
      end
    end
    return nil
  end
end

-- The reason `commands` fail on a new copy of `s`, or nil.
local function replay(s, commands, check)
  local t = wrap(H.command(id_of(s, "explore"), "remake"))
  local t_id = scene_ids[t]
  local reason = H.command(t_id, "errors")[1] or check(t)
  for _, line in ipairs(commands) do
    if reason then break end
    reason = H.command(t_id, "perform", line) or check(t)
  end
  H.command(t_id, "dismiss")
  return reason
end

-- `commands` (the run on `t_id`, which failed with `reason`) shrunk; and
-- why shrinking stopped early (nil when it was done).
local function shrink(s, t_id, commands, reason, check, options)
  local candidate = H.command(t_id, "shrinkStart", commands, options.shrinkTime, options.shrinkReplays)
  while candidate do
    candidate = H.command(t_id, "shrinkNext", replay(s, candidate, check) == reason)
  end
  return H.command(t_id, "shrinkResult")
end

local explore_options = { steps = true, seed = true, runs = true, invariants = true, shrinkTime = true, shrinkReplays = true }

function methods.explore(s, options)
  local id = id_of(s, "explore")
  options = options or {}
  if type(options) ~= "table" then error("explore takes a table: s:explore{ steps = 100, seed = 1 }", 2) end
  for key in pairs(options) do
    if not explore_options[key] then
      error(format("explore has no option `%s`; its options: steps, seed, runs, invariants, shrinkTime, shrinkReplays", tostring(key)), 2)
    end
  end
  local steps, seed, runs = options.steps or 100, options.seed or 1, options.runs or 1
  for key, value in pairs { steps = steps, seed = seed, runs = runs, shrinkReplays = options.shrinkReplays or 0 } do
    if type(value) ~= "number" or value < 0 or value ~= floor(value) then
      error(format("explore's `%s` is a whole number, not %s", key, tostring(value)), 2)
    end
  end
  local time = options.shrinkTime
  if time ~= nil and (type(time) ~= "number" or not (time >= 0 and time < math.huge)) then
    error(format("explore's `shrinkTime` is a number of seconds from 0, not %s", tostring(time)), 2)
  end
  local check = checker(options.invariants)
  for run = 0, runs - 1 do
    local t = wrap(H.command(id, "remake"))
    local t_id = scene_ids[t]
    H.command(t_id, "exploreSeed", seed + run)
    local commands, reason = {}, H.command(t_id, "errors")[1] or check(t)
    for _ = 1, steps do
      if reason then break end
      local line, made = H.command(t_id, "exploreStep")
      commands[#commands + 1] = line
      reason = made or check(t)
    end
    H.command(t_id, "dismiss")
    if reason then
      local shortest, stopped = shrink(s, t_id, commands, reason, check, options)
      local heading = stopped and (stopped .. "\nshortest commands found that fail the same way")
        or "shortest commands that fail the same way"
      error(format("exploration failed (seed %d): %s\n%s (%d):\n  %s",
                   seed + run, reason, heading, #shortest, concat(shortest, "\n  ")), 2)
    end
  end
end

local scene = {}
function scene.script(path, inspectables, options)
  local s = wrap(H.script(path, inspectables, options))
  return s
end
function scene.load(path)
  local s = wrap(H.loadScene(path))
  return s
end
function scene.new(description)
  local s = wrap(H.newScene(description))
  return s
end
return scene
