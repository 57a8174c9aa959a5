-- `require 'say'`: messages by key, in namespaces (languages), as luassert
-- words its failures: `say:set(key, template)` in the current namespace,
-- `say(key, values)` the template with the values in its `%s` places (nil
-- for a key set nowhere), looked up in the current namespace, then in the
-- fallback one.

local P = ...
local type, tostring, setmetatable, next = type, tostring, setmetatable, next
local format, gsub, gmatch = string.format, string.gsub, string.gmatch
local unpack = table.unpack

local registry = {}
local current, fallback = "en", "en"
registry.en = {}

local say = { _registry = registry }

function say.set_namespace(_, namespace)
  current = namespace
  if registry[namespace] == nil then registry[namespace] = {} end
end

function say.set_fallback(_, namespace)
  fallback = namespace
  if registry[namespace] == nil then registry[namespace] = {} end
end

function say.set(_, key, template)
  registry[current][key] = template
end

-- How many values a template takes (`%%` is none).
local function places(template)
  local count = 0
  for _ in gmatch(gsub(template, "%%%%", ""), "%%[-+ #0]*%d*%.?%d*[a-zA-Z]") do
    count = count + 1
  end
  return count
end

local function text(_, key, values)
  if values ~= nil and type(values) ~= "table" then
    P.usage(format("say(key, values) takes a table of values, not a %s", type(values)))
  end
  local template = registry[current][key]
  if template == nil then template = registry[fallback] and registry[fallback][key] end
  if template == nil then return nil end
  template = tostring(template)
  values = values or {}
  local count = values.n or #values
  if count < #values then count = #values end
  local strings = {}
  for i = 1, count do strings[i] = tostring(values[i]) end
  -- A template with more places than values reads "nil" in the others.
  for i = count + 1, places(template) do strings[i] = "nil" end
  if #strings == 0 then return template end
  return format(template, unpack(strings))
end

setmetatable(say, {
  __call = text,
  __index = function(_, namespace) return registry[namespace] end,
})

-- The keys luassert's assertions are known by, in Behave's words, so that
-- custom assertions registered with them read sensibly.
local defaults = {
  ["assertion.same.positive"] = "expected the same value\ngot: %s\nexpected: %s",
  ["assertion.same.negative"] = "expected a different value\ngot: %s\nnot expected: %s",
  ["assertion.equals.positive"] = "expected equal values\ngot: %s\nexpected: %s",
  ["assertion.equals.negative"] = "expected values that are not equal\ngot: %s\nnot expected: %s",
  ["assertion.near.positive"] = "expected a value near another\ngot: %s\nexpected: %s ± %s",
  ["assertion.near.negative"] = "expected a value not near another\ngot: %s\nnot expected: %s ± %s",
  ["assertion.matches.positive"] = "expected a string matching a pattern\ngot: %s\npattern: %s",
  ["assertion.matches.negative"] = "expected a string not matching a pattern\ngot: %s\npattern: %s",
  ["assertion.unique.positive"] = "expected every value to be different: %s",
  ["assertion.unique.negative"] = "expected some values to be the same: %s",
  ["assertion.error.positive"] = "expected another error\ncaught: %s\nexpected: %s",
  ["assertion.error.negative"] = "expected no error, caught: %s",
  ["assertion.truthy.positive"] = "expected a truthy value, got: %s",
  ["assertion.truthy.negative"] = "expected nil or false, got: %s",
  ["assertion.falsy.positive"] = "expected nil or false, got: %s",
  ["assertion.falsy.negative"] = "expected a truthy value, got: %s",
  ["assertion.called.positive"] = "expected %s calls, got %s",
  ["assertion.called.negative"] = "expected anything but %s calls, got them",
  ["assertion.called_with.positive"] = "expected a call with matching arguments\ncalled with (the last call): %s\nexpected: %s",
  ["assertion.called_with.negative"] = "expected no call with matching arguments\ncalled with: %s\nnot expected: %s",
  ["assertion.returned_with.positive"] = "expected a call to return matching values\nreturned (the last call): %s\nexpected: %s",
  ["assertion.returned_with.negative"] = "expected no call to return matching values\nreturned: %s\nnot expected: %s",
  ["assertion.returned_arguments.positive"] = "expected %s values, got %s",
  ["assertion.returned_arguments.negative"] = "expected anything but %s values, got %s",
}
for key, template in next, defaults do registry.en[key] = template end

return { say = say }
