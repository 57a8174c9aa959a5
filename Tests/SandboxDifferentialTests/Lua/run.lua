-- run.lua: the harness both sides run: stock lua5.4 (stock.lua) and the
-- sandbox (SandboxSide.swift). Each side passes how to load a module of
-- this folder and how to compile a case ("=case" as its chunk name, a
-- fresh environment); the rest is the same code on both.
local loadModule, compileCase = ...

local modules = {}
local function use(name)
  local module = modules[name]
  if module == nil then
    module = loadModule(name)(use)
    modules[name] = module
  end
  return module
end

local generator = use("generator")
local serialize = use("serialize")
local text = use("text")

local harness = { fixedCount = generator.fixedCount, outcome = serialize.outcome }

-- The outcome of one case's source, run under pcall.
function harness.run(source)
  local chunk, message = compileCase(source)
  if not chunk then return "compile error: " .. text.quote(tostring(message)) end
  return serialize.outcome(pcall(chunk))
end

-- Case 'index' of 'seed' for 'mode' ("behaviour" or "spec": the sandbox
-- of behaviour scripts or of spec files, see policy.modes) as the line both
-- sides compare (family, source, outcome), and its source.
function harness.case(seed, index, mode)
  local family, source = generator.case(seed, index, mode)
  return family .. "\t" .. text.quote(source) .. "\t" .. harness.run(source), source
end

return harness
