local template = require "template"

describe("template", function()
  it("renders names", function()
    assert.equals("Hi Ada!", template.render("Hi {{name}}!", { name = "Ada" }))
    assert.equals("Hi !", template.render("Hi {{name}}!", {}))
  end)

  it("escapes HTML", function()
    assert.equals("&lt;b&gt; &amp; &quot;", template.render("{{text}}", { text = '<b> & "' }))
  end)

  it("repeats a section for each item", function()
    local view = { items = { { name = "a" }, { name = "b" } } }
    assert.equals("[a][b]", template.render("{{#items}}[{{name}}]{{/items}}", view))
  end)

  it("shows a section for a true value only", function()
    assert.equals("yes", template.render("{{#on}}yes{{/on}}", { on = true }))
    assert.equals("", template.render("{{#on}}yes{{/on}}", { on = false }))
  end)

  it("says which section is not closed", function()
    assert.has_error(function() template.render("{{#a}}x", {}) end, "unclosed section 'a'")
  end)

  it("reaches its parts by module name", function()
    assert.is_table(require "template.scanner")
    assert.is_function(require("template.renderer").new)
  end)
end)
