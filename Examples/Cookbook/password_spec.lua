-- Examples/Cookbook/password_spec.lua
describe("password rules", function()
  local s
  before_each(function() s = scene.script("password.lua") end)

  it("starts red, with the length it needs", function()
    assert.equals("8 more characters", s.hint.text)
    assert.equals("red", s.hint.textColor)
    assert.is_false(s.submit.enabled)
  end)

  it("asks for a digit once it is long enough", function()
    s:type("field", "correcthorse")
    assert.equals("add a digit", s.hint.text)
    assert.equals("red", s.hint.textColor)
  end)

  it("turns green when every rule holds", function()
    s:type("field", "correcthorse9")
    assert.equals("Strong enough", s.hint.text)
    assert.equals("green", s.hint.textColor)
    assert.is_true(s.submit.enabled)
  end)

  it("counts characters, not bytes", function()
    s:type("field", "ünïcödé")
    assert.equals("1 more character", s.hint.text)
  end)

  it("takes a colour of the scene's, written by name or in hex", function()
    s = scene.script("password.lua", { invalidColor = "#FF9500" })
    assert.equals("#FF9500", s.hint.textColor)
    s.password.invalidColor = "orange"
    s:type("field", "short")
    assert.equals("orange", s.hint.textColor)
  end)
end)
