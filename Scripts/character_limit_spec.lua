-- Specs of character_limit.lua: a text field takes at most `limit`
-- characters, with a counter.

local function field(inspectables)
  return scene.script("character_limit.lua", inspectables)
end

describe("character_limit", function()
  it("counts from the start", function()
    local s = field { limit = 10 }
    assert.equals("0/10", s.counter.text)
  end)

  it("counts what is typed", function()
    local s = field { limit = 10 }
    s:type("field", "hello")
    assert.equals("5/10", s.counter.text)
  end)

  it("cuts an edit that goes over back to the limit, and says so", function()
    local s = field { limit = 5 }
    local reached = s:record("character_limit.limitReached")
    s:type("field", "hello")
    assert.equals(0, #reached)
    s:type("field", "hello world")
    assert.equals("hello", s.field.text)
    assert.equals("5/5", s.counter.text)
    assert.equals(1, #reached)
  end)

  it("counts characters, not bytes", function()
    local s = field { limit = 4 }
    s:type("field", "crème brûlée")
    assert.equals("crèm", s.field.text)
    s:type("field", "日本")
    assert.equals("2/4", s.counter.text)
  end)

  it("shows the characters left with showRemaining", function()
    local s = field { limit = 10, showRemaining = true }
    s:type("field", "abc")
    assert.equals("7", s.counter.text)
  end)

  it("turns the counter to warningColor near the limit, and back", function()
    local s = field { limit = 10, warningAt = 3 }
    local normal = s.counter.textColor
    s:type("field", "abcdef")
    assert.equals(normal, s.counter.textColor)
    s:type("field", "abcdefg")
    assert.equals("red", s.counter.textColor)        -- as warningColor names it
    s:type("field", "abc")
    assert.equals(normal, s.counter.textColor)
  end)

  it("applies a lower limit to the text already there", function()
    local s = field { limit = 10 }
    s:type("field", "abcdefgh")
    s:set("character_limit.limit", 4)
    assert.equals("abcd", s.field.text)
    assert.equals("4/4", s.counter.text)
  end)

  it("refuses a limit below 1", function()
    assert.has_error(function() field { limit = 0 } end, "limit must be at least 1")
  end)
end)
