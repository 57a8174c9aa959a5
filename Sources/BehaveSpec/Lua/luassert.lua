-- The assertion engine, as luassert's documentation describes it: a
-- registry of assertions, modifiers and matchers (`assert:register`), the
-- chains that read `assert.is_not.equal`, `assert.has_no.errors` and
-- `assert.spy(s).was.called(2)`, formatters, parameters and snapshots.
-- Behave's own assertions (assertions.lua) and spies (spy.lua) are
-- registered here like any custom assertion; they explain a failure in
-- their own words, a custom one through say's message keys.
--
-- A name is read as luassert reads it: split at `_` and `.`, in any case;
-- from the end, the longest run of words that names an assertion (or a
-- modifier) is taken, the last assertion is the one that runs, and the
-- modifiers before it apply to it (`not` and `no` turn it around).

local P = ...
local show = P.show
local type, tostring, select, rawset, setmetatable, getmetatable, next, ipairs =
      type, tostring, select, rawset, setmetatable, getmetatable, next, ipairs
local gmatch, lower, format = string.gmatch, string.lower, string.format
local concat, unpack = table.concat, table.unpack

local M = {}

----------------------------------------------------------------- registry

local namespaces = { assertion = {}, modifier = {}, matcher = {} }
-- Changes with every register and unregister: chains resolve again.
local version = 0

local function check_registration(nspace, name, callback)
  if type(nspace) ~= "string" or type(name) ~= "string" or name == "" then
    P.usage("assert:register(namespace, name, callback [, positive message key, negative message key]) takes strings")
  end
  if callback ~= nil and type(callback) ~= "function" and type(callback) ~= "table" then
    P.usage("assert:register: the callback must be a function")
  end
  if namespaces[nspace] == nil then namespaces[nspace] = {} end
  return lower(name)
end

-- Registers `callback` as `name` in `nspace` ("assertion", "modifier" or
-- "matcher"); `explain(arguments, negated, state)`, for Behave's own
-- assertions, words a failure instead of the message keys.
local function register(nspace, name, callback, positive, negative, explain)
  local key = check_registration(nspace, name, callback)
  namespaces[nspace][key] = { name = key, callback = callback, positive = positive, negative = negative,
                              explain = explain }
  version = version + 1
end
M.register = register

------------------------------------------------------------- the arguments

local function pack(...) return { n = select("#", ...), ... } end

-------------------------------------------------------- formatters and say

-- Snapshots nest: formatters, parameters and spies belong to the newest
-- one; reverting it drops them (and reverts the spies).
local snapshot_mt = {}
local current
local nothing = {}

local function new_snapshot()
  local snapshot = setmetatable({ formatters = {}, parameters = {}, spies = setmetatable({}, { __mode = "k" }),
                                  previous = current }, snapshot_mt)
  if current ~= nil then current.following = snapshot end
  current = snapshot
  return snapshot
end

-- Reverts `snapshot` (nil: the newest but the spec runner's own) and those
-- made after it, the newest first, in a loop: a spec may nest more
-- snapshots than Lua's stack holds calls.
local function revert(snapshot)
  if snapshot == nil then
    snapshot = current
    if snapshot.previous == nil then return end
  end
  if getmetatable(snapshot) ~= snapshot_mt then P.usage("this is not a snapshot of assert:snapshot()") end
  repeat
    local newest = current
    local spies = {}
    for s in next, newest.spies do spies[#spies + 1] = s end
    for _, s in ipairs(spies) do s:revert() end
    newest.formatters, newest.parameters, newest.spies = {}, {}, {}
    setmetatable(newest, nil)
    current = newest.previous
    if current ~= nil then current.following = nil end
  until newest == snapshot
end

snapshot_mt.__index = { revert = revert }
snapshot_mt.__call = function(self) revert(self) end
new_snapshot()

-- The text of a value in a message: the newest formatter that gives one,
-- else Behave's way (strings quoted, tables in brief).
local function format_value(value, extra)
  local snapshot = current
  while snapshot ~= nil do
    local formatters = snapshot.formatters
    for i = #formatters, 1, -1 do
      local text = formatters[i](value, extra)
      if text ~= nil then return text end
    end
    snapshot = snapshot.previous
  end
  return show(value, 1)
end

-- The arguments as text, for a message (those in `nofmt` as they are).
local function format_arguments(arguments)
  local nofmt, extras = arguments.nofmt or nothing, arguments.fmtargs or nothing
  for i = 1, arguments.n or #arguments do
    if not nofmt[i] then arguments[i] = format_value(arguments[i], extras[i]) end
  end
  return arguments
end

local function get_parameter(name)
  local snapshot = current
  while snapshot ~= nil do
    local value = snapshot.parameters[name]
    if value ~= nil then
      if value == nothing then return nil end
      return value
    end
    snapshot = snapshot.previous
  end
  return nil
end

------------------------------------------------------------------- chains

-- Each chain's words and what its modifiers gathered so far; the chains
-- scripts hold are empty tables and their metatable is hidden, so nothing
-- of this can be changed (and it is set as it is: a spec's setmetatable
-- would make each assertion a live copy).
local chains = setmetatable({}, { __mode = "k" })
local chain_mt = { __metatable = false }
local own_metatable = P.plain_setmetatable

local function new_chain(namespace, words, mod, payload, message)
  local chain = own_metatable({}, chain_mt)
  chains[chain] = { namespace = namespace, words = words, mod = mod, payload = payload, message = message,
                    children = {} }
  return chain
end
M.new_chain = new_chain

function chain_mt.__index(chain, key)
  if type(key) ~= "string" then return nil end
  local data = chains[chain]
  local child = data.children[key]
  if child == nil then
    local words = {}
    for i = 1, #data.words do words[i] = data.words[i] end
    for word in gmatch(lower(key), "[^_.]+") do words[#words + 1] = word end
    child = new_chain(data.namespace, words, data.mod, data.payload, data.message)
    data.children[key] = child
  end
  return child
end

-- The parts that register more names, loaded when a name needs them (most
-- spec files use neither): spies with their assertions and modifiers, and
-- matchers.
local extras, extended = { "spy", "match" }, {}

local function extend(name)
  if extended[name] then return false end
  extended[name] = true
  P.part(name).register(M)
  return true
end

local function extend_all()
  local any = false
  for _, name in ipairs(extras) do any = extend(name) or any end
  return any
end

-- The registered entries the words name, in order, each { kind, entry }:
-- from the last word, the longest run of words naming an entry of the
-- namespace, else a modifier. Words naming nothing are an error (once the
-- extra parts have had their say).
local resolve
function resolve(data)
  if data.version == version then return data.keys end
  local words, entries, modifiers = data.words, namespaces[data.namespace], namespaces.modifier
  local keys = {}
  local last = #words
  while last >= 1 do
    local found, kind, first
    local name = words[last]
    for start = last, 1, -1 do
      if start < last then name = words[start] .. "_" .. name end
      if entries[name] ~= nil then found, kind, first = entries[name], "entry", start end
      if found == nil and modifiers[name] ~= nil then found, kind, first = modifiers[name], "modifier", start end
    end
    if found == nil then
      if extend_all() then return resolve(data) end
      P.usage(format("unknown %s or modifier '%s' (in assert.%s)", data.namespace, words[last], concat(words, ".")))
    end
    table.insert(keys, 1, { kind = kind, entry = found })
    last = first - 1
  end
  data.version, data.keys = version, keys
  return keys
end

-- The level an assertion's `error(message, level)` uses to point at the
-- code that called it (past the runner's own frames): a callback is as
-- deep as this function.
local function caller_level()
  local _, level = P.outside()
  return level
end

-- Calls a chain: with an assertion among its words, runs it with the
-- modifiers before it; without one, the modifiers take the arguments
-- (`assert.spy(s)`, `assert.message("why")`) and a chain to go on with is
-- returned.
local function invoke(chain, ...)
  local data = chains[chain]
  local keys = resolve(data)
  local state = { mod = data.mod, payload = data.payload, failure_message = data.message, tokens = data.words }
  local entry
  for _, key in ipairs(keys) do
    if key.kind == "entry" then entry = key.entry end
  end
  local arguments = pack(...)
  local level = caller_level()
  if entry == nil then
    for _, key in ipairs(keys) do key.entry.callback(state, arguments, level) end
    return new_chain(data.namespace, {}, state.mod, state.payload, state.failure_message)
  end
  for _, key in ipairs(keys) do
    if key.kind == "modifier" then key.entry.callback(state, nil, level) end
  end
  if data.namespace == "matcher" then
    extend("match")
    return M.make_matcher(entry, state, arguments, level)
  end
  local ok, results = entry.callback(state, arguments, level)
  if (not ok) == state.mod then
    local text
    if entry.explain then
      text = entry.explain(arguments, not state.mod, state)
    else
      local key = state.mod and entry.positive or entry.negative
      if key ~= nil then text = M.say(key, format_arguments(arguments)) end
      if text == nil then
        local shown = {}
        for i = 1, arguments.n do shown[i] = format_value(arguments[i]) end
        text = format("assert.%s%s failed with (%s)", state.mod and "" or "not_", entry.name, concat(shown, ", "))
      end
    end
    local custom = state.failure_message
    if custom ~= nil then text = tostring(custom) .. ": " .. text end
    P.fail(text)
  end
  if results ~= nil then return unpack(results, 1, results.n or #results) end
  return ...
end

function chain_mt.__call(chain, ...)
  return invoke(chain, ...)
end

function chain_mt.__tostring(chain)
  return "assert." .. concat(chains[chain].words, ".")
end

---------------------------------------------------------- the assert table

local methods = {}

function methods.register(_, nspace, name, callback, positive, negative)
  register(nspace, name, callback, positive, negative)
end

function methods.unregister(_, nspace, name)
  local key = check_registration(nspace, name, nil)
  namespaces[nspace][key] = nil
  version = version + 1
end

function methods.add_formatter(_, callback)
  if type(callback) ~= "function" then P.usage("assert:add_formatter(callback) takes a function") end
  local formatters = current.formatters
  formatters[#formatters + 1] = callback
end

function methods.remove_formatter(_, callback)
  local snapshot = current
  while snapshot ~= nil do
    for i, f in ipairs(snapshot.formatters) do
      if f == callback then
        table.remove(snapshot.formatters, i)
        return
      end
    end
    snapshot = snapshot.previous
  end
end

function methods.format(_, arguments)
  return format_arguments(arguments)
end

function methods.set_parameter(_, name, value)
  if value == nil then value = nothing end
  current.parameters[name] = value
end

function methods.get_parameter(_, name)
  return get_parameter(name)
end

function methods.add_spy(_, s)
  current.spies[s] = true
end

function methods.snapshot()
  return new_snapshot()
end

local level_mt = {}
function methods.level(_, level)
  return setmetatable({ level = level }, level_mt)
end

function methods.get_level(_, level)
  if getmetatable(level) ~= level_mt then return nil end
  return level.level
end

function methods.state()
  return new_chain("assertion", {}, true)
end

local root = new_chain("assertion", {}, true)

-- What `assert.key` is: a method of luassert's, else a chain.
function M.index(t, key)
  local method = methods[key]
  if method ~= nil then
    rawset(t, key, method)
    return method
  end
  local chain = root[key]
  if chain ~= nil then rawset(t, key, chain) end
  return chain
end

-- Spies made now belong to the newest snapshot (reverting it reverts them).
function M.add_spy(s)
  current.spies[s] = true
end


-- say's messages, for custom assertions (loaded when one fails).
function M.say(key, values)
  local text = P.part("say").say(key, values)
  return text
end

-- Behave's assertions; spies and matchers come when a name needs them.
P.part("assertions")(M)

return M
