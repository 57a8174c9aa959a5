-- How assertions compare colours, checked from Lua: every spec here passes.
describe("colours in assertions", function()
  local s
  before_each(function()
    s = scene.new {
      controls = {
        total = { type = "Label", text = "42", textColor = "red" },
        plain = { type = "Label" },
        buy = { type = "Button", title = "Buy", titleColor = "#ff9500" },
      },
    }
  end)

  it("reads a colour back as it was written, defaults by name", function()
    assert.is_true(s.total.textColor == "red")
    assert.is_true(s.plain.textColor == "black")
    assert.is_true(s.buy.titleColor == "#FF9500")
  end)

  it("takes two spellings of one colour as equal", function()
    assert.equals("#FF3B30", s.total.textColor)
    assert.equals("#ff3b30", s.total.textColor)
    assert.equals("Red", s.total.textColor)
    assert.equals("orange", s.buy.titleColor)
    assert.equals("#000000", s.plain.textColor)
    assert.equals(s.total.textColor, "#FF3B30")
    assert.are.equal("grey", "gray")
    assert.same({ total = "#FF3B30", buy = { "orange" } }, { total = s.total.textColor, buy = { s.buy.titleColor } })
  end)

  it("tells different colours apart, with both in hex", function()
    assert.not_equals("#FF9500", s.total.textColor)
    assert.has_error(function() assert.equals("orange", s.total.textColor) end,
                     'expected "orange", got "red" (colours #FF9500 and #FF3B30)')
    assert.has_error(function() assert.not_equals("#FF3B30", s.total.textColor) end,
                     'expected anything but "#FF3B30", got "red", the same colour')
    assert.has_error(function() assert.same({ "#FF9500" }, { s.total.textColor }) end,
                     'tables differ at [1]: expected "#FF9500", got "red"')
  end)

  it("compares a text that is no colour as text", function()
    assert.not_equals("red ", "#FF3B30")
    assert.not_equals("redd", "red")
    assert.not_equals("#FF3B3", "#FF3B30")
    assert.not_equals(("x"):rep(100) .. "red", "red")
    assert.has_error(function() assert.equals("hello", s.total.textColor) end, 'expected "hello", got "red"')
    assert.has_error(function() assert.equals(0xFF3B30, "#FF3B30") end, 'expected 16726832, got "#FF3B30"')
  end)

  it("reads the font as it was set", function()
    s.total.fontWeight = "bold"
    s.total.fontSize = 24
    assert.equals("bold", s.total.fontWeight)
    assert.equals(24, s.total.fontSize)
    assert.equals(17, s.plain.fontSize)
    assert.has_error(function() s.total.fontWeight = "Bold" end, "did you mean `bold`?")
    assert.matches("(text red, 24 pt, bold)", s:show(), 1, true)
    assert.matches('"Buy" ]  (title #FF9500)', s:show(), 1, true)
  end)
end)
