-- Examples/Cookbook/form_spec.lua
describe("validated form", function()
  local s
  before_each(function() s = scene.script("form.lua") end)

  it("starts with nothing said and the button disabled", function()
    assert.equals("", s.message.text)
    assert.is_false(s.submit.enabled)
  end)

  it("says what is wrong with a field once it is left", function()
    s:type("email", "ada@")
    assert.equals("", s.message.text, "not while the user is typing")
    s:type("age", "36")
    assert.equals("Enter an email address", s.message.text)
    s:type("email", "ada@example.org")
    assert.equals("", s.message.text)
  end)

  it("compares the age as a number", function()
    s:type("age", "9")
    s.age.editing = false
    assert.equals("You must be 13 or older", s.message.text)
    s:type("age", "nine")
    assert.equals("Enter your age in digits", s.message.text)
    s:type("age", "100")
    assert.equals("", s.message.text)
  end)

  it("sends once every rule holds", function()
    local sent = s:record("form.submitted")
    s:type("fullName", "Ada")
    s:type("email", "ada@example.org")
    s:type("age", "36")
    assert.is_true(s.submit.enabled)
    s:tap("submit")
    assert.same({ { "Ada", "ada@example.org", 36 } }, sent)
  end)
end)
