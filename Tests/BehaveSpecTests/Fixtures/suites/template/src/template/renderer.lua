local Scanner = require "template.scanner"

local Renderer = {}
Renderer.__index = Renderer

function Renderer.new() return setmetatable({}, Renderer) end

-- The value of `name` in the innermost view that has it.
local function lookup(views, name)
  for i = #views, 1, -1 do
    local view = views[i]
    if type(view) == "table" and view[name] ~= nil then return view[name] end
  end
  return nil
end

local function escape(text)
  return (tostring(text):gsub("[&<>\"]", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;" }))
end

function Renderer:renderTokens(tokens, views)
  local out = {}
  for _, token in ipairs(tokens) do
    if token.kind == "text" then
      out[#out + 1] = token.text
    elseif token.kind == "name" then
      local value = lookup(views, token.name)
      if value ~= nil then out[#out + 1] = escape(value) end
    elseif token.kind == "section" then
      local value = lookup(views, token.name)
      if type(value) == "table" and value[1] ~= nil then
        for _, item in ipairs(value) do
          views[#views + 1] = item
          out[#out + 1] = self:renderTokens(token.children, views)
          views[#views] = nil
        end
      elseif value then
        views[#views + 1] = value
        out[#out + 1] = self:renderTokens(token.children, views)
        views[#views] = nil
      end
    end
  end
  return table.concat(out)
end

function Renderer:render(text, view)
  return self:renderTokens(Scanner.parse(text), { view })
end

return Renderer
