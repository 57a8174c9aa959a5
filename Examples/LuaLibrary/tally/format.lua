-- How a tally reads as text (`require "tally.format"`: folders are dots).

local format = {}

function format.line(name, count)
  return ("%-10s %5d"):format(name, count)
end

function format.report(t)
  local lines = {}
  for _, name in ipairs(t:items()) do
    lines[#lines + 1] = format.line(name, t:count(name))
  end
  lines[#lines + 1] = format.line("total", t:total())
  return table.concat(lines, "\n")
end

return format
