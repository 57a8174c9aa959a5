-- `scene.script`, `scene.load`, `scene.new`, and the scene objects: the
-- CLI's commands as methods, controls and behaviours by name (read live
-- from the scene's own state through the host).

local P = ...
local H = P.H
local type, tostring, error, setmetatable, rawset, ipairs = type, tostring, error, setmetatable, rawset, ipairs
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
  return setmetatable({}, {
    __index = function(_, key) return H.controlGet(scene_ids[s], name, key) end,
    __newindex = function(_, key, value) H.set(scene_ids[s], name, key, value) end,
    __tostring = function() return "control " .. name end,
    __metatable = false,
  })
end

local function behaviour_proxy(s, name)
  local proxy
  proxy = setmetatable({}, {
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
for _, verb in ipairs { "tap", "press", "drag", "release", "send", "call", "set", "step", "type", "keys",
                        "backspace", "pressReturn", "scroll", "keyboard", "advance", "choose", "remove", "dismiss",
                        "show", "state", "command", "record", "errors", "trace", "dialog", "now", "exists" } do
  methods[verb] = function(s, ...)
    local results = { H.command(id_of(s, verb), verb, ...) }
    return results[1]
  end
end

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

local scene_meta = {
  __index = function(s, key)
    local method = methods[key]
    if method ~= nil then return method end
    local id = scene_ids[s]
    local proxy
    if H.lookup(id, key) == "control" then proxy = control_proxy(s, key) else proxy = behaviour_proxy(s, key) end
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
  local s = setmetatable({}, scene_meta)
  scene_ids[s] = id
  return s
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
