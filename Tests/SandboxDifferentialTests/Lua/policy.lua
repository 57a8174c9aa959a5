-- policy.lua: every way the sandbox deliberately differs from Lua 5.4, in
-- this one place, each with its reason. The generator avoids or normalizes
-- exactly these and nothing else; Docs/sandbox.md ("Where the sandbox
-- differs from Lua 5.4") says the same to script authors. A new deviation
-- is added here and there, or it is a bug.
return {
  -- Names a script cannot reach: they read or write host files, run
  -- processes, load code (binary chunks can crash the VM), inspect or
  -- change other code's internals, control the collector or print past
  -- the host (behaviours and specs get the host's print, which writes to
  -- the trace).
  absentGlobals = {
    reason = "they reach the host, load code or control the collector",
    names = {
      "collectgarbage", "debug", "dofile", "io", "load", "loadfile", "os",
      "package", "print", "require", "warn",
    },
  },
  absentFields = {
    reason = "string.dump makes bytecode, which the sandbox never loads",
    names = { string = { "dump" } },
  },

  -- getmetatable("") returns false: the string metatable is shared by
  -- every script of the state, so none may reach it. The generator never
  -- asks for a string's metatable.
  hiddenStringMetatable = {
    reason = "the string metatable is shared by every script",
  },

  -- setmetatable refuses these fields with "setmetatable: __gc is not
  -- allowed in the sandbox". The generator never offers them.
  refusedMetafields = {
    reason = "__gc and __close run where the budget cannot stop them; "
      .. "__concat triggers a use-after-free in Lua 5.4.4",
    names = { "__gc", "__close", "__concat" },
  },

  -- setmetatable installs a private copy of the metatable's fields, so
  -- later changes to those fields do not reach objects that use it
  -- (changes to tables the fields point to, such as a class table behind
  -- __index, still do). The generator never changes a metatable once set.
  metatableCopied = {
    reason = "defends against Lua 5.4.4 bugs reached by changing a "
      .. "metatable in use (weak modes, __gc added later)",
  },

  -- rawset refuses the tables the host hands out read-only (a module's
  -- view, which every behaviour of a scene shares through require, with
  -- "module 'NAME' is read-only: ..."; another behaviour's self, with
  -- "behaviour NAME is not this behaviour: ..."). The generator makes no
  -- modules nor behaviours: every table it hands rawset is its own.
  readonlyTables = {
    reason = "one behaviour must not change the module another behaviour reads, nor another behaviour",
  },

  -- Limits per callback (instructions, wall-clock time) and per state
  -- (memory): stock Lua has none, so a case that reached one would differ.
  -- Generated cases stay far below them: patterns that match in well
  -- under a million steps, values well under a megabyte, recursion through
  -- C calls only (Lua's "stack overflow", some 200,000 calls deep, needs
  -- more memory or time than the default limits).
  limits = {
    reason = "untrusted scripts must end and must not exhaust the host",
    maxSteps = 1000000,
    maxBytes = 1000000,
  },

  -- A chain of more than 10,000 `and`/`or` in one statement, or of
  -- `elseif` in one `if`, is a syntax error before Lua compiles the file:
  -- Lua's compile time on one grows with the square of its length, where
  -- no limit reaches. The generator's chains are a few links long.
  compileChain = {
    reason = "compiling a long chain takes minutes, and nothing interrupts a compile",
    maxLinks = 10000,
  },

  -- coroutine.close nests at most 50 deep ("too many nested closes"):
  -- Lua 5.4.4 overflows the C stack on long chains of closes.
  closeNesting = {
    reason = "a long chain of nested closes crashes Lua 5.4.4",
    maxDepth = 50,
  },

  -- math.randomseed() without arguments seeds from the host's configured
  -- seed, not from the clock, so runs repeat. Compared: how many values it
  -- returns and their math.type, never the values or what math.random
  -- returns after it.
  randomseedWithoutArguments = {
    reason = "runs must be deterministic",
  },

  -- Each environment has a generator of its own, seeded as
  -- math.randomseed(seed, 0) when it is made, with the host's seed (the
  -- default limits': 1) and no name: one case's rolls and seeds never
  -- reach another's. The stock side seeds its one generator so for each
  -- case's environment.
  generatorPerEnvironment = {
    reason = "one behaviour's rolls must not move another's numbers",
    seed = { 1, 0 },
  },

  -- A message handler that raises is called again for the new error, as
  -- in Lua, but at most 8 deep; then xpcall returns false, "error in error
  -- handling". Lua 5.4.4 goes on to the C stack's limit (about 200), which
  -- can crash it. The generator's handlers raise at most a few times in a
  -- row, or for every value, so the depth does not show.
  handlerNesting = {
    reason = "deep handler recursion overflows the C stack in Lua 5.4.4",
    maxDepth = 8,
  },

  -- The cases run in two sandboxes: a behaviour script's ("behaviour")
  -- and a spec file's ("spec"), whose metatables are live: the private
  -- copy dispatches every event to the original's field as it is when
  -- the event happens, so changing a metatable in use works as in Lua
  -- (cases that do so run only there: in behaviours, metatableCopied).
  modes = { "behaviour", "spec" },

  -- In a spec file, an event that an object's metatable lacks still
  -- reaches the dispatcher of its copy, which raises Lua's message for
  -- it, with Lua's type names (__name included) and position, but without
  -- the name of the variable that held the operand ("(local 't')": only
  -- the VM knows which register it was); and when the call of such an
  -- object is a tail call, the position is that of the function's
  -- caller (the dispatcher took the frame's place). The generator writes
  -- such operands as temporaries, which Lua does not name either, and
  -- makes no such tail calls.
  specMissingMetamethod = {
    reason = "an event reaches the dispatcher of a live metatable's copy, "
      .. "which cannot tell which variable held the operand",
  },

  -- In a spec file, a function written in C that is a metamethod itself
  -- (__index = rawget, __call = string.rep) is called by the dispatcher,
  -- whose call stands where Lua has none: its argument errors name it by
  -- its library's name and carry no line. The generator's C metamethods
  -- never raise, or raise where Lua names them that way too (called
  -- through pcall).
  specCFunctionMetamethod = {
    reason = "a dispatcher hands over to a Lua function in a tail call, "
      .. "but can only call a C function",
  },

  -- Not deviations of the sandbox, but what Lua 5.4 leaves unspecified and
  -- an implementation of our own may do otherwise; the generator compares
  -- only what the manual promises.
  unspecified = {
    -- With an invalid order function, sort may raise "invalid order
    -- function for sorting" or leave any permutation: compared is that it
    -- did one of these and kept the elements.
    sortInvalidOrder = true,
    -- Sort is not stable and the pairs it compares are its own choice:
    -- arrays sorted have no equal elements that can be told apart, and
    -- values that cannot be compared are all of one type (the message
    -- names the two types in the order they were compared).
    sortComparisons = true,
  },
}
