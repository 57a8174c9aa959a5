-- stock.lua: the stock side, run by the tests as
--   lua5.4 stock.lua DIRECTORY cases SEED COUNT MODE   one line per case 1..COUNT
--   lua5.4 stock.lua DIRECTORY run FILE           one line per source in FILE
-- (FILE is a chunk returning a list of sources). Lines read "INDEX<tab>LINE".
local directory, mode = arg[1], arg[2]

-- Chunk names as in the sandbox ("@run.lua"), so that an error raised at a
-- level that reaches the harness names it the same on both sides.
local function loadModule(name)
  local file = assert(io.open(directory .. "/" .. name .. ".lua", "rb"))
  local source = file:read("a")
  file:close()
  return assert(load(source, "@" .. name .. ".lua", "t"))
end

local policy = loadModule("policy")()

-- What a case sees: what stock Lua has, less what policy.lua says the
-- sandbox leaves out, less 'arg' (set by the lua5.4 program, not Lua's);
-- libraries are copies, as in the sandbox.
local absent = { arg = true }
for _, name in ipairs(policy.absentGlobals.names) do absent[name] = true end

local function environment()
  local env = {}
  for name, value in pairs(_G) do
    if not absent[name] and name ~= "_G" then
      if type(value) == "table" then
        local copy = {}
        for k, v in pairs(value) do copy[k] = v end
        for _, field in ipairs(policy.absentFields.names[name] or {}) do copy[field] = nil end
        value = copy
      end
      env[name] = value
    end
  end
  env._G = env
  return env
end

local function compileCase(source)
  math.randomseed(table.unpack(policy.generatorPerEnvironment.seed))
  return load(source, "=case", "t", environment())
end

local harness = loadModule("run")(loadModule, compileCase)

if mode == "cases" then
  local seed, count = math.tointeger(tonumber(arg[3])), math.tointeger(tonumber(arg[4]))
  local caseMode = arg[5]
  for index = 1, count do
    local line = harness.case(seed, index, caseMode)
    io.write(index, "\t", line, "\n")
  end
elseif mode == "run" then
  local sources = assert(loadfile(arg[3], "t"))()
  for index, source in ipairs(sources) do
    io.write(index, "\t", harness.run(source), "\n")
  end
else
  error("usage: lua5.4 stock.lua DIRECTORY cases SEED COUNT MODE | run FILE")
end
