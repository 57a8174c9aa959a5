-- A logic-less template renderer: `{{name}}` is a value, `{{#list}}…{{/list}}`
-- a section. Its parts live in src/template/, as lustache keeps its own.
local Renderer = require "template.renderer"

local template = {}

function template.render(text, view)
  return Renderer.new():render(text, view)
end

return template
