-- The dispatchers of a spec file's live metatables (Sources/CLuaShim/
-- livemeta.c says why metatables are live there). An object's private
-- copy of its metatable holds these for the events the VM raises; each
-- asks a helper of livemeta.c for the handler the original holds now and
-- hands over to it with a tail call, so the handler runs in the
-- dispatcher's place, as if the VM had called it: no frame stands between
-- it and the code that caused the event (error levels, the depth of
-- recursion through metamethods), and chains of __call, and tail calls
-- through them, do not grow the stack. The helpers raise Lua's own errors
-- when there is no handler or it cannot be called. Loaded without debug
-- information; it uses no globals.
local binary, order, equal, length, callee, index, newindex = ...

local events = {}

-- Arithmetic and bitwise events: the VM passes a unary operand twice.
local operators = {
  "__add", "__sub", "__mul", "__div", "__mod", "__pow", "__idiv", "__unm",
  "__band", "__bor", "__bxor", "__shl", "__shr", "__bnot",
}
for i = 1, #operators do
  local event = operators[i]
  events[event] = function(a, b)
    return binary(a, b, event)(a, b)
  end
end

function events.__lt(a, b)
  return order(a, b, "__lt")(a, b)
end

-- Without __le on either side, Lua 5.4.4 as Debian builds it (with
-- LUA_COMPAT_5_3) answers a <= b with not (b < a).
function events.__le(a, b)
  local handler, swapped = order(a, b, "__le")
  if swapped then return not handler(b, a) end
  return handler(a, b)
end

function events.__eq(a, b)
  local handler = equal(a, b)
  if handler == nil then return false end
  return handler(a, b)
end

function events.__len(t, u)
  local handler, n = length(t)
  if handler == nil then return n end
  return handler(t, u)
end

function events.__call(self, ...)
  return callee(self)(self, ...)
end

-- index follows a chain of tables itself; a function found on the way is
-- called with the table it was found for.
function events.__index(t, k)
  local found, from = index(t, k)
  if from ~= nil then return found(from, k) end
  return found
end

function events.__newindex(t, k, v)
  local handler, to = newindex(t, k, v)
  if handler ~= nil then return handler(to, k, v) end
end

return events
