-- `StateMachine { … }`: see Docs/state-machine.md.

-- StateMachine: states with enter/exit and event handlers, transitions that
-- must be declared, and invariants checked after every event.
--
--   local machine = StateMachine {
--     initial     = "browse",
--     transitions = { browse = { "edit" }, edit = { "browse" } },
--     states      = {
--       browse = { enter = function(self, from) … end, tap = function(self) return "edit" end },
--       edit   = { exit = function(self, to) … end, tap = function(self) return "browse" end },
--     },
--     invariants  = { ["a sentence that must hold"] = function(self, state) return … end },
--   }
--   function Behaviour:awake() self.machine = machine:start(self) end
--   … self.machine:fire("tap") …
--
-- This chunk runs once per Lua state, and every behaviour environment gets
-- the same `StateMachine` function. Sharing it is safe: a function cannot
-- be changed, and what it makes keeps its data in the private tables below,
-- behind metatables scripts cannot get.
local closable = ...   -- the host's setmetatable that keeps `__close` (ours only)
local type, next, ipairs, error, pcall, tostring, setmetatable, rawget, rawset =
      type, next, ipairs, error, pcall, tostring, setmetatable, rawget, rawset
local format, concat, sort, pack, unpack = string.format, table.concat, table.sort, table.pack, table.unpack
local running, status = coroutine.running, coroutine.status

local OPTIONS = { initial = true, states = true, transitions = true, invariants = true }

-- The real contents of definitions and machines, by their public tables.
local definitions = setmetatable({}, { __mode = "k" })
local machines = setmetatable({}, { __mode = "k" })

-- A mistake in a definition travels as this, so `StateMachine` can raise
-- it at the script's line.
local Failure = {}
local function fail(message, ...)
  error({ [Failure] = true, message = format(message, ...) }, 0)
end

-- A running machine's own errors (an undeclared transition, a broken
-- invariant) name the script's line that called the public method (fire,
-- go, check, start): level 6 is that line's function, as refuse (1) is
-- called by transition or verify (2), called by step (3), by run (4), by
-- the public method (5). None of these calls may be a tail call, which
-- would drop a level.
local function refuse(message, ...)
  error(format(message, ...), 6)
end

local function sortedKeys(t)
  local keys = {}
  for key in next, t do keys[#keys + 1] = key end
  sort(keys)
  return keys
end

local function names(list)
  return #list == 0 and "nothing" or concat(list, ", ")
end

------------------------------------------------------------- definitions

local function readStates(spec)
  local states = spec.states
  if type(states) ~= "table" or next(states) == nil then
    fail("StateMachine needs `states`: a table of name = { enter = …, exit = …, event = handler, … }")
  end
  local handlers = {}
  for name, state in next, states do
    if type(name) ~= "string" then fail("state names are strings, not %s", tostring(name)) end
    if type(state) ~= "table" then fail("state `%s` must be a table of handlers, not a %s", name, type(state)) end
    local copy = {}   -- a copy: later changes to the script's table cannot bypass the checks
    for key, handler in next, state do
      if type(key) ~= "string" or type(handler) ~= "function" then
        fail("state `%s`: `%s` must be a function (enter, exit or an event handler), not a %s",
             name, tostring(key), type(handler))
      end
      copy[key] = handler
    end
    handlers[name] = copy
  end
  return handlers
end

local function readTransitions(spec, handlers, stateNames)
  local declared = spec.transitions
  if type(declared) ~= "table" then
    fail("StateMachine needs `transitions`: a table of state = { states it may go to }, e.g. browse = { \"edit\" }")
  end
  local allowed = {}
  for _, name in ipairs(stateNames) do allowed[name] = {} end
  for from, targets in next, declared do
    if handlers[from] == nil then
      fail("transitions: no state `%s` (states: %s)", tostring(from), names(stateNames))
    end
    if type(targets) == "string" then targets = { targets } end
    if type(targets) ~= "table" then
      fail("transitions.%s must be a list of states, like { \"%s\" }", from, stateNames[1])
    end
    for _, to in ipairs(targets) do
      if handlers[to] == nil then
        fail("transitions.%s: no state `%s` (states: %s)", from, tostring(to), names(stateNames))
      end
      allowed[from][to] = true
    end
  end
  return allowed
end

-- A state no declared path reaches is almost always a misspelt name.
local function checkReachable(initial, allowed, stateNames)
  local seen, pending = { [initial] = true }, { initial }
  while #pending > 0 do
    local from = pending[#pending]
    pending[#pending] = nil
    for to in next, allowed[from] do
      if not seen[to] then
        seen[to] = true
        pending[#pending + 1] = to
      end
    end
  end
  for _, name in ipairs(stateNames) do
    if not seen[name] then
      fail("state `%s` cannot be reached from `%s` by the declared transitions", name, initial)
    end
  end
end

local function readInvariants(spec)
  local invariants = spec.invariants or {}
  if type(invariants) ~= "table" then
    fail("invariants must be a table of description = function(self, state) return ok end")
  end
  local checks = {}
  for description, check in next, invariants do
    if type(description) ~= "string" or type(check) ~= "function" then
      fail("invariants: `%s` must be a function(self, state) that returns true when the invariant holds",
           tostring(description))
    end
    checks[description] = check
  end
  return checks, sortedKeys(checks)
end

local function define(spec)
  if type(spec) ~= "table" then
    fail("StateMachine takes a table: StateMachine { initial = …, states = { … }, transitions = { … } }")
  end
  for key in next, spec do
    if not OPTIONS[key] then
      fail("StateMachine has no option `%s` (options: initial, states, transitions, invariants)", tostring(key))
    end
  end
  local handlers = readStates(spec)
  local stateNames = sortedKeys(handlers)
  local initial = spec.initial
  if handlers[initial] == nil then
    fail("StateMachine needs `initial`, one of its states (%s), not %s", names(stateNames), tostring(initial))
  end
  local allowed = readTransitions(spec, handlers, stateNames)
  checkReachable(initial, allowed, stateNames)
  local invariants, invariantNames = readInvariants(spec)
  -- Every name some state handles: firing any other is a mistake.
  local events = {}
  for _, state in next, handlers do
    for key in next, state do
      if key ~= "enter" and key ~= "exit" then events[key] = true end
    end
  end
  return {
    initial = initial, handlers = handlers, stateNames = stateNames, allowed = allowed,
    invariants = invariants, invariantNames = invariantNames, events = events,
  }
end

---------------------------------------------------------------- machines

local function transition(m, to, cause)
  local d, from = m.definition, m.current
  if type(to) ~= "string" then
    refuse("%s returned %s; return the name of the next state, or nothing to stay in `%s`",
           cause, tostring(to), from)
  end
  if d.handlers[to] == nil then
    refuse("%s: no state `%s` (states: %s)", cause, to, names(d.stateNames))
  end
  if not d.allowed[from][to] then
    local targets = sortedKeys(d.allowed[from])
    refuse("undeclared transition %s → %s, asked for by %s; declared from %s: %s",
           from, to, cause, from, names(targets))
  end
  local exit = d.handlers[from].exit
  if exit then exit(m.owner, to) end
  m.current = to
  rawset(m.public, "state", to)
  local enter = d.handlers[to].enter
  if enter then enter(m.owner, from) end
  return from
end

local function verify(m, cause)
  local d, state = m.definition, m.current
  local shown = rawget(m.public, "state")
  if shown ~= state then
    rawset(m.public, "state", state)
    refuse("machine.state was set to %s directly (%s); change states with machine:go(state) or by returning the next state from a handler",
           tostring(shown), cause)
  end
  for _, description in ipairs(d.invariantNames) do
    local holds, detail = d.invariants[description](m.owner, state)
    if not holds then
      refuse("invariant \"%s\" does not hold in state `%s` %s%s", description, state, cause,
             detail ~= nil and ": " .. tostring(detail) or "")
    end
  end
end

-- One unit of work: an event, a go(state), a check, or the start. (No
-- tail calls: see `refuse`.)
local function step(m, work)
  if work.start then
    local enter = m.definition.handlers[m.current].enter
    if enter then enter(m.owner, nil) end
    verify(m, "on start")
    return
  elseif work.check then
    verify(m, "on check")
    return
  end
  local cause, target
  if work.event then
    local handler = m.definition.handlers[m.current][work.event]
    if handler == nil then return end   -- events a state does not handle are ignored
    cause = format("the %s handler of state `%s`", work.event, m.current)
    target = handler(m.owner, unpack(work.arguments, 1, work.arguments.n))
    if target == nil then
      verify(m, "after " .. work.event)
      return
    end
  else
    cause, target = format("go(%s)", tostring(work.target)), work.target
  end
  local from = transition(m, target, cause)
  verify(m, format("after %s (%s → %s)", work.event or "go", from, m.current))
end

-- A pass: the work one `run` does, from the event that started it to the
-- end of what was queued behind it. `m.pass` is the pass under way.
--
-- Errors are not caught here: a handler's error, a machine's own error and
-- a limit (instruction budget, time, memory) all go on to the script with
-- their own file:line. A limit cannot be caught at all: once the budget is
-- spent, every instruction raises again until the callback ends, so no code
-- of ours could run after a pcall to clean up. Instead a pass is closed
-- whichever way it ends:
--   * it finishes, or an error unwinds it (even into a script's pcall): the
--     guard's __close ends it;
--   * its thread died with the error (a limit always ends the handler, and
--     a coroutine that dies with an error closes nothing): the next `run`
--     finds the pass's thread dead and ends it then.
-- Either way the work queued behind it is dropped and the machine stays in
-- the state it had reached.
-- A pass its guard closed is kept for the machine's next one (one host
-- call fewer per event); one found cut off is not, as its guard may still
-- close later (when a script closes the dead coroutine it ran in), and must
-- then change nothing.
local Pass = {
  __close = function(pass)
    local m = pass.machine
    if m.pass == pass then
      m.pass, m.spare = nil, pass
    end
  end,
}

-- Run to completion: work asked for while a pass is under way (by a
-- handler, or by an event its changes caused, even in a handler that is
-- waiting on an animation) is queued and done after it, in order.
-- Public methods must call `run` as a statement (see `refuse`).
local function run(m, work)
  local pass = m.pass
  if pass ~= nil then
    local thread = pass.thread
    if thread == running() or status(thread) ~= "dead" then
      local queue = pass.queue
      queue[#queue + 1] = work
      return
    end
    -- Cut off mid-way: the state is the one reached (it may have been
    -- between setting `current` and showing it).
    m.pass = nil
    rawset(m.public, "state", m.current)
  end
  pass = m.spare
  if pass == nil then
    pass = { machine = m }
    closable(pass, Pass)
  end
  pass.thread, pass.queue = running(), { work }
  local guard <close> = pass
  m.pass, m.spare = pass, nil
  local queue, i = pass.queue, 1
  while queue[i] ~= nil do
    step(m, queue[i])
    i = i + 1
  end
end

----------------------------------------------------------- public faces

local Definition, Machine = {}, {}

local function definitionOf(value, method)
  local d = definitions[value]
  if d == nil then error(format("call it with a colon: definition:%s(…)", method), 3) end
  return d
end

local function machineOf(value, method)
  local m = machines[value]
  if m == nil then error(format("call it with a colon: machine:%s(…)", method), 3) end
  return m
end

local function checkState(m, name, method)
  if m.definition.handlers[name] == nil then
    error(format("%s: no state `%s` (states: %s)", method, tostring(name), names(m.definition.stateNames)), 3)
  end
end

local machineMeta = {
  __index = Machine,
  __newindex = function(_, key)
    error(format("a state machine has no field `%s`; it has `state` and the methods fire, go, can, is and check",
                 tostring(key)), 2)
  end,
  __tostring = function(public) return format("StateMachine (%s)", machines[public].current) end,
  __metatable = false,
}

-- machine:start(owner): a running machine in the initial state (its enter
-- handler has run); handlers get `owner` as their `self`.
function Definition:start(owner)
  local d = definitionOf(self, "start")
  if owner == nil then error("start(owner) takes the behaviour its handlers get as `self`", 2) end
  local public = setmetatable({ state = d.initial }, machineMeta)
  local m = { definition = d, owner = owner, current = d.initial, public = public, pass = nil }
  machines[public] = m
  run(m, { start = true })
  return public
end

-- machine:fire(event, ...): the current state's handler for `event` runs
-- with the arguments; the state name it returns is the next state.
function Machine:fire(event, ...)
  local m = machineOf(self, "fire")
  if not m.definition.events[event] then
    error(format("no state handles the event `%s` (events: %s)", tostring(event),
                 names(sortedKeys(m.definition.events))), 2)
  end
  run(m, { event = event, arguments = pack(...) })
end

-- machine:go(state): a transition asked for outside an event handler (a
-- timer, a delegate message); checked like any other.
function Machine:go(state)
  local m = machineOf(self, "go")
  checkState(m, state, "go")
  run(m, { target = state })
end

-- Whether the current state may go to `state`.
function Machine:can(state)
  local m = machineOf(self, "can")
  checkState(m, state, "can")
  return m.definition.allowed[m.current][state] == true
end

function Machine:is(state)
  local m = machineOf(self, "is")
  checkState(m, state, "is")
  return m.current == state
end

-- Checks the invariants now (they are checked after every event anyway).
function Machine:check()
  local m = machineOf(self, "check")
  run(m, { check = true })
end

local definitionMeta = {
  __index = Definition,
  __newindex = function(_, key)
    error(format("a state machine definition cannot be changed (setting `%s`)", tostring(key)), 2)
  end,
  __tostring = function(public)
    return format("StateMachine definition (%s)", names(definitions[public].stateNames))
  end,
  __metatable = false,
}

return function(spec)
  local ok, result = pcall(define, spec)
  if not ok then
    if type(result) == "table" and rawget(result, Failure) then error(result.message, 2) end
    error(result, 0)
  end
  local public = setmetatable({}, definitionMeta)
  definitions[public] = result
  return public
end
