-- A small command-line option parser: a library kept in src/, as
-- argparse keeps its own.
local unpack = unpack or table.unpack

local Parser = {}
Parser.__index = Parser

local function new(name)
  return setmetatable({ name = name, flags = {}, options = {}, order = {} }, Parser)
end

-- A flag takes no value: `-v`, `--verbose`.
function Parser:flag(short, long)
  local flag = { short = short, long = long, key = long:sub(3) }
  self.flags[short], self.flags[long] = flag, flag
  return self
end

-- An option takes one value: `-o FILE`, `--output FILE`, `--output=FILE`.
function Parser:option(short, long, default)
  local option = { short = short, long = long, key = long:sub(3), default = default }
  self.options[short], self.options[long] = option, option
  self.order[#self.order + 1] = option
  return self
end

function Parser:parse(arguments)
  local result, positional = {}, {}
  for _, option in ipairs(self.order) do result[option.key] = option.default end
  local i = 1
  while i <= #arguments do
    local argument = arguments[i]
    local long, value = argument:match("^(%-%-[%w-]+)=(.*)$")
    if long then
      local option = self.options[long]
      if not option then return nil, ("unknown option '%s'"):format(long) end
      result[option.key] = value
    elseif self.flags[argument] then
      result[self.flags[argument].key] = true
    elseif self.options[argument] then
      local option = self.options[argument]
      if arguments[i + 1] == nil then return nil, ("option '%s' requires an argument"):format(argument) end
      result[option.key] = arguments[i + 1]
      i = i + 1
    elseif argument:sub(1, 1) == "-" then
      return nil, ("unknown option '%s'"):format(argument)
    else
      positional[#positional + 1] = argument
    end
    i = i + 1
  end
  result.arguments = { unpack(positional) }
  return result
end

return new
