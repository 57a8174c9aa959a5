-- The Lua half of the spec runner: the busted-style API a spec file sees.
-- It runs once per spec file's state, as the chunk `=behave` (so locations
-- in messages skip its frames), with the runner's host functions and the
-- spec file's environment; it fills the environment and hands the runner
-- its `run` function through `H.ready`. Spec code cannot reach its locals.
--
-- Compiling Lua is most of what a fresh state costs, so only what nearly
-- every spec file needs is here; the rest (format.lua, assert.lua, spy.lua
-- and scene.lua beside this file, the "parts") is compiled
-- on first use, through `H.part(name)`, and shares this chunk's helpers
-- through the private table `P`.
--
-- Assertions raise plain strings with `error(message, level)` pointing at
-- the spec's own line; they must never be tail calls (a tail call drops the
-- frame the level counts).

local H, env, require, garbage, default_path = ...
local type, tostring, tonumber, select, error, pcall, xpcall, setmetatable, rawget, rawequal, next, ipairs =
      type, tostring, tonumber, select, error, pcall, xpcall, setmetatable, rawget, rawequal, next, ipairs
local format, find, match, gsub, sub, sort, concat =
      string.format, string.find, string.match, string.gsub, string.sub, table.sort, table.concat
local utf8len = utf8.len

-- The prelude's own metatables (its scene objects' and proxies'), which no
-- spec can reach, are set as they are: a live copy (what setmetatable
-- makes for spec code) cost more than the rest of a scene's proxy.
local P = { H = H, plain_setmetatable = garbage.plainSetmetatable }
local parts = {}
local function part(name)
  local loaded = parts[name]
  if loaded == nil then
    loaded = H.part(name)(P)
    parts[name] = loaded
  end
  return loaded
end
P.part = part

-- How a value reads in a message (the formatting part).
local function show(value, depth)
  local text = part("format").show(value, depth)
  return text
end
P.show = show

-- The line of the code `level` frames above the caller of line_of (not
-- a tail call: that would drop the frame the level counts).
local line_at = garbage.line
local function line_of(level)
  local line = line_at(level + 1)
  return line
end

-- The tables' keys in a stable order: by type's name (booleans, false
-- first, then numbers, then strings), numbers and strings by value; keys
-- of the other types tie, never passed to tostring, which would run a
-- spec's __tostring (it may raise, loop or yield).
local function key_before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  if ta == "boolean" then return b and not a end
  return false
end
P.key_before = key_before

-- Whether two strings spell one colour ("red", "Red", "#FF3B30": the
-- names and `#RRGGBB` that controls take, compared by red, green and
-- blue, as the host reads them). No colour is spelt in more than 16 bytes.
local colour_of = H.colour
local function same_colour(e, a)
  if type(e) ~= "string" or type(a) ~= "string" or #e > 16 or #a > 16 then return false end
  local hex = colour_of(e)
  return hex ~= nil and hex == colour_of(a)
end
P.same_colour = same_colour
P.colour_of = colour_of

-- Appends to `out` up to 10 differences between e and a, as
-- { path, expected, actual }; raw fields only, metatables ignored. Values
-- that are not tables are equal when `==` says so, or `equal` when given
-- (`same_colour` for assert.same). Paths name the first 100 levels (then
-- `…`), so they stay short and the work linear however deep the tables.
-- The walk keeps its own stack of tables, depth first in key order: tables
-- nested deeper than Lua's stack goes compare as any others. Each pair of
-- tables is walked once (`seen[e][a]`), so cycles end, however their
-- lengths differ (a ring of one against a ring of two), as luassert's.
local function differences(e, a, path, out, seen, depth, equal)
  local walking = {}  -- the tables being walked, innermost last
  local function enter(e, a, path, depth)
    if rawequal(e, a) then return end
    if type(e) ~= "table" or type(a) ~= "table" then
      if not (e == a or (equal ~= nil and equal(e, a))) then out[#out + 1] = { path, e, a } end
      return
    end
    local pairs_of_e = seen[e]
    if pairs_of_e == nil then
      pairs_of_e = {}
      seen[e] = pairs_of_e
    elseif pairs_of_e[a] then
      return
    end
    pairs_of_e[a] = true
    local keys, has = {}, {}
    for k in next, e do keys[#keys + 1] = k; has[k] = true end
    for k in next, a do if not has[k] then keys[#keys + 1] = k end end
    sort(keys, key_before)
    walking[#walking + 1] = { e = e, a = a, path = path, depth = depth, keys = keys, at = 1 }
  end
  enter(e, a, path, depth or 0)
  while #out < 10 and #walking > 0 do
    local walk = walking[#walking]
    local k = walk.keys[walk.at]
    if k == nil then
      walking[#walking] = nil
    else
      walk.at = walk.at + 1
      local step
      if walk.depth > 100 then step = ""
      elseif walk.depth == 100 then step = "…"
      elseif type(k) == "string" and #k <= 60 and match(k, "^[%a_][%w_]*$") then step = "." .. k
      else step = "[" .. show(k, 2) .. "]" end
      enter(rawget(walk.e, k), rawget(walk.a, k), walk.path .. step, walk.depth + 1)
    end
  end
end
P.differences = differences

-- Whether differences would find none, without its sorting (only a
-- failure's message needs an order) and stopping at the first difference:
-- assert.same of two equal tables of 100,000 keys sorted both key lists.
-- Its own stack of pairs, so tables deeper than Lua's stack compare too.
-- A pair of tables met again is taken as equal (cycles end); a table is
-- remembered with each table it met, so that two cycles of different
-- lengths that read the same end too.
local function deep_equal(e, a, equal)
  if rawequal(e, a) then return true end
  if type(e) ~= "table" or type(a) ~= "table" then
    return e == a or (equal ~= nil and equal(e, a))
  end
  local stack, n, seen, also = { e, a }, 2, {}, nil
  while n > 0 do
    local x, y = stack[n - 1], stack[n]
    stack[n - 1], stack[n] = nil, nil
    n = n - 2
    local met = seen[x]
    if met == nil then
      seen[x] = y
    elseif met ~= y then
      also = also or {}
      local others = also[x]
      if others == nil then others = {}; also[x] = others end
      if others[y] then met = y else others[y] = true end
    end
    if met ~= y then
      local count = 0
      for k, v in next, x do
        count = count + 1
        local w = rawget(y, k)
        if not rawequal(v, w) then
          if type(v) == "table" and type(w) == "table" then
            stack[n + 1], stack[n + 2] = v, w
            n = n + 2
          elseif not (v == w or (equal ~= nil and equal(v, w))) then
            return false
          end
        end
      end
      -- Every key of x is in y (a missing one differed above): the same
      -- count is the same keys.
      for _ in next, y do
        count = count - 1
        if count < 0 then return false end
      end
    end
  end
  return true
end
P.deep_equal = deep_equal

--------------------------------------------------------------- assertions

-- The position ("file:line: ") of the innermost code outside the runner's
-- own chunks (and the dispatchers of metatables), and the level at which
-- the caller of `outside` would raise an error there: assertions fail at
-- the line of the spec (or helper) that called them, however many of the
-- runner's frames lie between; called through pcall, with no position,
-- as Lua's own errors.
local outside = garbage.position
P.outside = outside

-- The message handler for errors the runner catches to raise again with
-- error(err, 0): the host still learns where they were raised.
local caught = garbage.caught

-- Calls fn as pcall does; after an error, also the error's text without
-- the position Lua put at its head (the host tells how long that is,
-- from the frames live when it was raised), for assertions that compare
-- messages as busted does.
local located = garbage.located
function P.catch(fn)
  local ok, caught_error = xpcall(fn, located)
  if ok then return true end
  if type(caught_error) ~= "table" then return false, caught_error, caught_error end  -- the handler failed
  local err = caught_error.err
  return false, err, type(err) == "string" and sub(err, caught_error.where + 1) or err
end

-- A failed assertion: raised at the caller's line, and told to the runner
-- (a failure, not an error).
local function fail(message)
  local where = outside()
  H.failing(message)
  error(where .. message, 0)
end
P.fail = fail

-- An assertion or spy used the wrong way: an error at the caller's line.
local function usage(text)
  local where = outside()
  error(where .. text, 0)
end
P.usage = usage

-- Called, `assert` is Lua's assert; its fields are luassert's: the
-- assertions, their chains (`assert.is_not.equal`) and methods
-- (`assert:register`), which come with the engine (luassert.lua) on first
-- use.
local assert = setmetatable({}, {
  __index = function(t, key)
    local found = part("luassert").index(t, key)
    return found
  end,
  -- Called, it is Lua's assert: all its arguments when the first is
  -- true; else the second as the error object as it is (nil included),
  -- "assertion failed!" when there is none, and no position added (the
  -- report finds the spec's line in the traceback).
  __call = function(_, ...)
    local count = select("#", ...)
    if count == 0 then error("bad argument #1 to 'assert' (value expected)", 0) end
    if ... then return ... end
    if count == 1 then
      H.failing("assertion failed!")
      error("assertion failed!", 0)
    end
    local message = (select(2, ...))
    if type(message) == "string" or type(message) == "number" then H.failing(message .. "") end
    error(message, 0)
  end,
})
P.assert = assert

------------------------------------------------------------ describe / it

-- Blocks are numbered as declared; the file's top level is block 0.
local root = { id = 0, children = {}, befores = {}, afters = {}, setups = {}, teardowns = {} }
local blocks = { [0] = root }
local current = root
local running = false

-- What one file may declare. Every spec, hook and finally runs with a
-- budget of its own, so their numbers bound the work a file can cause;
-- names are kept short, as the host keeps one for every spec.
local limits = { specs = 10000, blocks = 10000, depth = 100, hooks = 1000, finallies = 100, part = 400, name = 2000 }
local counts = { specs = 0, hooks = 0, depth = 0 }

-- The name's head and tail, `length` bytes in all, cut between characters.
local function clip(name, length)
  if #name <= length then return name end
  local head = gsub(sub(name, 1, length // 2), "[\xC0-\xFF][\x80-\xBF]*$", "")
  local tail = gsub(sub(name, -(length // 2)), "^[\x80-\xBF]+", "")
  return head .. "…" .. tail
end

local function declaring(what)
  if running then
    error(what .. " can only be used at the top level of a spec file or inside describe, not inside a spec", 3)
  end
end

-- Runs a block's body with the block current. While the specs are being
-- collected (`deferring`), a body that fails is put off: busted runs each
-- body when its turn comes, after the specs before it, and a body may use
-- what they or a before_each made; the runner runs it again then.
local function run_body(block, body, deferring)
  local outer = current
  current = block
  counts.depth = block.depth + 1
  local ok, err = xpcall(body, caught)
  counts.depth = block.depth
  current = outer
  if ok then return end
  if not deferring then error(err, 0) end
  block.children, block.befores, block.afters, block.setups, block.teardowns = {}, {}, {}, {}, {}
  block.deferred = body
end

local function describe(name, body)
  declaring("describe")
  if type(name) ~= "string" or type(body) ~= "function" then
    usage("describe(name, function) takes a name and a function")
  end
  if #blocks >= limits.blocks then usage(format("more than %d describe blocks in one file", limits.blocks)) end
  if counts.depth >= limits.depth then usage(format("describe blocks nested more than %d deep", limits.depth)) end
  local block = { id = #blocks + 1, name = name, children = {}, befores = {}, afters = {}, setups = {}, teardowns = {},
                  line = line_of(2), depth = counts.depth }
  blocks[block.id] = block
  current.children[#current.children + 1] = block
  run_body(block, body, true)
end

local function add_spec(name, body, is_pending)
  if counts.specs >= limits.specs then error(format("more than %d specs in one file", limits.specs), 3) end
  counts.specs = counts.specs + 1
  current.children[#current.children + 1] = { name = name, body = body, line = line_of(3), pending = is_pending }
end

local function it(name, body)
  declaring("it")
  if type(name) ~= "string" then usage("it(name, function) takes a name and a function") end
  if body ~= nil and type(body) ~= "function" then usage("it(name, function) takes a function") end
  add_spec(name, body, body == nil)
end

-- Inside a running spec, pending() tells the runner its reason and raises
-- the runner's signal: the phase it ends skips the spec (unless the spec
-- has already failed; a failure is final).
local function pending(name)
  if running then
    error(H.skip(name ~= nil and tostring(name) or ""), 0)
  end
  if type(name) ~= "string" then usage("pending(name) takes a name") end
  add_spec(name, nil, true)
end

-- before_each(fn), after_each(fn), setup(fn), teardown(fn): hooks of the
-- block being declared.
local function hook(what, list)
  return function(fn)
    declaring(what)
    if type(fn) ~= "function" then usage(what .. "(function) takes a function") end
    if counts.hooks >= limits.hooks then
      usage(format("more than %d before_each, after_each, setup and teardown functions in one file", limits.hooks))
    end
    counts.hooks = counts.hooks + 1
    local hooks = current[list]
    hooks[#hooks + 1] = fn
  end
end
local before_each, after_each = hook("before_each", "befores"), hook("after_each", "afters")
local setup, teardown = hook("setup", "setups"), hook("teardown", "teardowns")

-- finally(fn) inside a spec: fn runs when the spec ends, passed or failed
-- (the last registered first), before after_each.
local finalizers = {}
local running_spec

local function finally(fn)
  if not running or running_spec == nil then
    error("finally can only be used inside a spec (it or before_each)", 2)
  end
  if type(fn) ~= "function" then usage("finally(function) takes a function") end
  local list = finalizers[running_spec]
  if list == nil then
    list = {}
    finalizers[running_spec] = list
  end
  if #list >= limits.finallies then usage(format("more than %d finally functions in one spec", limits.finallies)) end
  list[#list + 1] = fn
end

-- Flattens the tree in declaration order: each spec with its before_each
-- chain (outermost first), its after_each chain (innermost first) and the
-- blocks it is in (outermost first), for their setup and teardown.
local specs = {}
local function collect(block, prefix, befores, afters, chain)
  local b, a = {}, {}
  for i = 1, #befores do b[i] = befores[i] end
  for _, fn in ipairs(block.befores) do b[#b + 1] = fn end
  for _, fn in ipairs(block.afters) do a[#a + 1] = fn end
  for i = 1, #afters do a[#a + 1] = afters[i] end
  local inside = chain .. (chain == "" and "" or ",") .. block.id
  H.block(block.id, #block.setups, #block.teardowns)
  for _, child in ipairs(block.children) do
    local name = clip(prefix .. clip(child.name, limits.part), limits.name)
    if not utf8len(name) then name = part("format").printable(name) end
    if child.deferred then
      -- Its body failed: a stand-in the runner expands when its turn comes.
      child.collecting = { name .. " ", b, a, inside }
      specs[#specs + 1] = { block = child }
      H.spec(name, child.line, false, #b, #a, inside .. "," .. child.id, child.id)
    elseif child.children then
      collect(child, name .. " ", b, a, inside)
    else
      specs[#specs + 1] = { body = child.body, befores = b, afters = a }
      H.spec(name, child.line, child.pending, #b, #a, inside)
    end
  end
end

-- Runs a put-off block's body now and declares its specs (after every spec
-- declared so far).
local function expand(block)
  local body = block.deferred
  block.deferred = nil
  running = false
  local ok, err = pcall(run_body, block, body, false)
  running = true
  if not ok then error(err, 0) end
  collect(block, table.unpack(block.collecting))
end

-- Objects whose __gc the collector reached since: their finalizers run
-- now, as script code under the running callback's budget (an error in
-- one is dropped, as Lua only warns about it).
local next_finalizer = garbage.finalizer
local function finalize()
  while true do
    local fn, object = next_finalizer()
    if fn == nil then return end
    pcall(fn, object)
  end
end

-- collectgarbage, as Lua's but for "stop" and the modes (see Docs/sandbox.md);
-- the finalizers a collection queued run before it returns.
local collectgarbage = garbage.collectgarbage

H.ready(function(phase, i, j)
  finalize()
  if phase == "collect" then
    running = true
    collect(root, "", {}, {}, "")
    return
  end
  if phase == "scenes" then
    -- The ids of the scenes the spec still refers to (after a collection).
    local ids = {}
    for _, id in next, P.scene_ids or {} do ids[#ids + 1] = id end
    return concat(ids, ",")
  end
  if phase == "expand" then
    running_spec = nil
    expand(blocks[i])
    return
  end
  if phase == "setup" then
    running_spec = nil
    blocks[i].setups[j]()
    return
  elseif phase == "teardown" then
    running_spec = nil
    blocks[i].teardowns[j]()
    return
  end
  running_spec = i
  local spec = specs[i]
  if phase == "before" then spec.befores[j]()
  elseif phase == "it" then spec.body()
  elseif phase == "after" then spec.afters[j]()
  elseif phase == "finallies" then
    local list = finalizers[i]
    return list == nil and 0 or #list
  elseif phase == "finally" then
    local list = finalizers[i]
    local fn = list[#list - j + 1]
    if j == #list then finalizers[i] = nil end
    fn()
  end
end)

-- Kept with the spec; control characters and bytes that are not UTF-8
-- are escaped (`\27`, `\xFF`), so that a report is never garbled.
local function print(...)
  local texts = {}
  for i = 1, select("#", ...) do texts[i] = tostring((select(i, ...))) end
  local text = concat(texts, "\t")
  if find(text, "[\0-\8\11-\31\127]") or find(text, "\xC2[\x80-\x9F]") or not utf8len(text) then
    text = part("format").printable(text)
  end
  H.print(text)
end

-- A part's module standing in for it until first used (spies, stubs,
-- mocks, matchers, say's messages, scenes): reads, writes and calls go to
-- the part's own object (`field` of what the part returns, or all of it).
local function lazy(name, field)
  local function real()
    local loaded = part(name)
    if field ~= nil then loaded = loaded[field] end
    return loaded
  end
  return setmetatable({}, {
    __index = function(_, key) return real()[key] end,
    __newindex = function(_, key, value) real()[key] = value end,
    __call = function(_, ...) return real()(...) end,
  })
end
local spy, stub, mock = lazy("spy", "spy"), lazy("spy", "stub"), lazy("spy", "mock")
local match, say = lazy("match", "match"), lazy("say", "say")

env.describe, env.context = describe, describe
-- busted's insulate and expose blocks: describe blocks here (every block of
-- a file shares its environment).
env.insulate, env.expose = describe, describe
env.it, env.test, env.spec = it, it, it
env.pending = pending
env.before_each, env.after_each = before_each, after_each
env.setup, env.teardown = setup, teardown
env.lazy_setup, env.strict_setup, env.lazy_teardown, env.strict_teardown = setup, setup, teardown, teardown
env.finally = finally
env.assert, env.print = assert, print
env.spy, env.stub, env.mock, env.match = spy, stub, mock, match
env.scene = lazy("scene")
env.collectgarbage = collectgarbage

-- package, for this spec file alone: what busted suites read and set.
-- require looks in package.loaded, then package.preload, then busted's
-- own modules, then the files package.path names (the host searches them
-- within the folders a spec may read). As in Lua, require keeps the
-- tables it began with (a spec that replaces package.loaded gets a table
-- require does not read) and reads package.path each time.
local loaded = {
  _G = env, string = env.string, table = env.table, math = env.math, utf8 = env.utf8, coroutine = env.coroutine,
}
local preload = {}
-- No C library is loaded: loadlib answers as Lua's does where dynamic
-- libraries are not enabled.
local function loadlib()
  return nil, "a spec loads no C libraries: behave test runs specs in Behave's sandbox", "absent"
end
local package = {
  path = default_path, cpath = "", config = "/\n;\n?\n!\n-\n", loaded = loaded, preload = preload, loadlib = loadlib,
}
env.package = package

function env.require(name)
  local value = loaded[name]
  if value ~= nil then return value end
  local loader = preload[name]
  if loader ~= nil then
    value = loader(name, ":preload:")
  else
    local path = package.path
    if path == default_path then
      path = nil
    elseif type(path) ~= "string" then
      error("'package.path' must be a string", 2)
    end
    -- A module's nil is true here; one that set package.loaded[name]
    -- itself and returned nothing gives that.
    value = require(name, path)
    if value == true then value = nil end
  end
  if value == nil then value = loaded[name] end
  if value == nil then value = true end
  loaded[name] = value
  return value
end

-- The modules of busted's that specs require: the same objects as the
-- globals, found before any file.
local busted = {
  describe = describe, context = describe, insulate = describe, expose = describe,
  it = it, test = it, spec = it, pending = pending,
  before_each = before_each, after_each = after_each,
  setup = setup, teardown = teardown, lazy_setup = setup, strict_setup = setup,
  lazy_teardown = teardown, strict_teardown = teardown, finally = finally,
  assert = assert, spy = spy, stub = stub, mock = mock, match = match,
}
local modules = {
  busted = busted, luassert = assert, ["luassert.assert"] = assert,
  ["luassert.spy"] = spy, ["luassert.stub"] = stub, ["luassert.mock"] = mock, ["luassert.match"] = match,
  say = say,
}
for name, value in next, modules do
  H.preload(name, function() return value end)
end
