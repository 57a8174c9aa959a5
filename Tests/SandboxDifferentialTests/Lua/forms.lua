-- forms.lua: the ways a case calls a library function. Lua names the
-- function in an argument error after the way it was called ('find' for
-- a field or method, the local's name, 'string.find' when called from
-- pcall, "calling 'find' on bad self"), so every form is worth comparing.
local use = ...
local text = use("text")

local forms = {}

local function list(args, from)
  local rest = {}
  for i = from, #args do rest[#rest + 1] = args[i] end
  return text.join(rest, ", ")
end

-- Is this argument's source a string literal (so that it takes methods)?
local function isStringLiteral(source)
  return string.byte(source, 1) == 34
end

-- A statement returning what 'qualified' ("string.find", "setmetatable")
-- returns for 'args' (a list of source texts), in a random form; the
-- method of a foreign table ("bad self") only when 'badSelf' is set.
function forms.call(random, qualified, args, badSelf)
  local library, name = nil, qualified
  local dot = 0
  for i = 1, #qualified do
    if string.byte(qualified, i) == 46 then dot = i end
  end
  if dot > 0 then
    library, name = string.sub(qualified, 1, dot - 1), string.sub(qualified, dot + 1)
  end
  local r = random.int(10)
  if library == "string" and #args >= 1 and isStringLiteral(args[1]) and r <= 4 then
    return "return (" .. args[1] .. "):" .. name .. "(" .. list(args, 2) .. ")"
  elseif r <= 7 then
    return "return " .. qualified .. "(" .. list(args, 1) .. ")"
  elseif r <= 8 then
    return "local " .. name .. " = " .. qualified .. "\nreturn " .. name .. "(" .. list(args, 1) .. ")"
  elseif r <= 9 or library == nil or not badSelf then
    local rest = list(args, 1)
    return "return pcall(" .. qualified .. (#args > 0 and ", " .. rest or "") .. ")"
  end
  -- a method of a table that is not the library: self is that table
  return "local object = { " .. name .. " = " .. qualified .. " }\nreturn object:"
    .. name .. "(" .. list(args, 1) .. ")"
end

return forms
