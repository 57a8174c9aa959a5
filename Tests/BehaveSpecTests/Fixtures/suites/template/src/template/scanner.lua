local Scanner = {}

-- The tokens of a template, sections nested.
function Scanner.parse(text)
  local root = { children = {} }
  local stack = { root }
  local position = 1
  while position <= #text do
    local open, close, sigil, name = text:find("{{([#/]?)%s*([%w_]+)%s*}}", position)
    local current = stack[#stack].children
    if not open then
      current[#current + 1] = { kind = "text", text = text:sub(position) }
      break
    end
    if open > position then current[#current + 1] = { kind = "text", text = text:sub(position, open - 1) } end
    if sigil == "#" then
      local section = { kind = "section", name = name, children = {} }
      current[#current + 1] = section
      stack[#stack + 1] = section
    elseif sigil == "/" then
      if #stack == 1 or stack[#stack].name ~= name then
        error(("unopened section '%s' at %d"):format(name, open), 0)
      end
      stack[#stack] = nil
    else
      current[#current + 1] = { kind = "name", name = name }
    end
    position = close + 1
  end
  if #stack > 1 then error(("unclosed section '%s'"):format(stack[#stack].name), 0) end
  return root.children
end

return Scanner
