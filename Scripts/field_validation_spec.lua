-- Specs of field_validation.lua: rules as inspectables, an error label that
-- shows once the field has been left, valueChanged when validity changes.

local function field(inspectables)
  return scene.script("field_validation.lua", inspectables)
end

-- Types `text` and leaves the field, as a user would.
local function enter(s, text)
  s:type("field", text)
  s.field.editing = false
end

describe("field_validation", function()
  describe("an optional field with no rules", function()
    it("is valid empty or not, and shows no error", function()
      local s = field()
      assert.is_true(s.field_validation.valid)
      enter(s, "anything")
      assert.is_true(s.field_validation.valid)
      assert.is_true(s.errorLabel.hidden)
    end)
  end)

  describe("required", function()
    it("is invalid empty, but says nothing before the field is left", function()
      local s = field { required = true }
      assert.is_false(s.field_validation.valid)
      assert.equals("Required", s.field_validation.message)
      assert.is_true(s.errorLabel.hidden)
    end)

    it("shows the error once the field is left empty", function()
      local s = field { required = true }
      s.field.editing = true
      s.field.editing = false
      assert.is_false(s.errorLabel.hidden)
      assert.equals("Required", s.errorLabel.text)
    end)
  end)

  describe("minLength", function()
    it("counts characters", function()
      local s = field { minLength = 3 }
      enter(s, "ab")
      assert.equals("At least 3 characters", s.errorLabel.text)
      enter(s, "abç")
      assert.is_true(s.field_validation.valid)
      assert.is_true(s.errorLabel.hidden)
    end)

    it("lets an optional field stay empty", function()
      local s = field { minLength = 3 }
      enter(s, "")
      assert.is_true(s.field_validation.valid)
    end)
  end)

  describe("format", function()
    it("checks email addresses", function()
      local s = field { format = "email" }
      enter(s, "ada@")
      assert.equals("Not an email address", s.errorLabel.text)
      enter(s, "ada.lovelace+notes@example.org")
      assert.is_true(s.field_validation.valid)
    end)

    it("checks integers and decimals", function()
      local s = field { format = "integer" }
      enter(s, "12.5")
      assert.equals("Not a whole number", s.errorLabel.text)
      enter(s, "-12")
      assert.is_true(s.field_validation.valid)
      s:set("field_validation.format", "decimal")
      enter(s, "12.5")
      assert.is_true(s.field_validation.valid)
    end)

    it("refuses a format it does not know", function()
      assert.has_error(function() field { format = "phone" } end, "format takes one of")
    end)
  end)

  describe("pattern", function()
    it("must match the whole text", function()
      local s = field { pattern = "%u%u%d%d", patternMessage = "Two capitals, two digits" }
      enter(s, "AB12x")
      assert.equals("Two capitals, two digits", s.errorLabel.text)
      enter(s, "AB12")
      assert.is_true(s.field_validation.valid)
    end)

    it("is an error when it is not a Lua pattern", function()
      local s = field { pattern = "%" }
      local errors = s:errors()
      assert.equals(1, #errors)
      assert.matches("is not a Lua pattern", errors[1])
    end)

    it("may start with ^ and end with $, which it is anchored with anyway", function()
      local s = field { pattern = "^%d+$" }
      enter(s, "123")
      assert.is_true(s.field_validation.valid)
      enter(s, "x123")
      assert.is_false(s.field_validation.valid)
      s:set("field_validation.pattern", "%d+%$")       -- an escaped $ is a plain $
      enter(s, "12$")
      assert.is_true(s.field_validation.valid)
      enter(s, "12")
      assert.is_false(s.field_validation.valid)
      assert.same({}, s:errors())
    end)

    it("reports a bad pattern once, when it is set, and then ignores it", function()
      local s = field { pattern = "(a", minLength = 2 }
      local errors = s:errors()
      assert.equals(1, #errors)
      assert.matches('pattern "%(a" is not a Lua pattern: unfinished capture', errors[1])
      assert.equals("unfinished capture", s.field_validation.patternProblem)
      enter(s, "a")                                     -- the other rules still apply
      assert.equals("At least 2 characters", s.errorLabel.text)
      enter(s, "abc")
      assert.is_true(s.field_validation.valid)
      assert.equals(1, #s:errors())                     -- no error per edit
    end)

    it("reports a bad pattern set later once, and applies it again once fixed", function()
      local s = field()
      s:type("field", "ab")
      assert.has_no_error(function() s:set("field_validation.pattern", "(%a+") end)
      assert.equals(1, #s:errors())
      s:type("field", "abc")
      s:type("field", "ab1")
      assert.equals(1, #s:errors())
      assert.is_true(s.field_validation.valid)
      s:set("field_validation.pattern", "(%a+)")
      assert.is_nil(s.field_validation.patternProblem)
      assert.is_false(s.field_validation.valid)
      assert.equals(1, #s:errors())
    end)

    it("finds every kind of mistake in a pattern, wherever it is", function()
      local bad = {
        ["(a"] = "unfinished capture", ["abc("] = "unfinished capture", ["a)"] = "invalid pattern capture",
        ["[a"] = "missing ']'", ["[]"] = "missing ']'", ["%"] = "ends with '%'", ["ab%"] = "ends with '%'",
        ["%b("] = "missing arguments to '%b'", ["%fa"] = "missing '[' after '%f'", ["%f[a"] = "missing ']'",
        ["%1"] = "invalid capture index %1", ["(a%1)"] = "invalid capture index %1", ["%0"] = "invalid capture index %0",
        [string.rep("()", 33)] = "too many captures",
      }
      for pattern, reason in pairs(bad) do
        local s = field { pattern = pattern }
        local problem = s.field_validation.patternProblem
        assert.truthy(problem and problem:find(reason, 1, true), pattern .. ": " .. tostring(problem))
        assert.equals(1, #s:errors(), pattern)
      end
    end)

    it("takes every well-formed pattern", function()
      local good = { "%u%u%d%d", "[]]", "[^]]", "[%]]", "%b()", "%f[%w]%w+", "(a)%1", "()a", "a-", "%$", "x*$",
                     "^", "$", "[%a-]+", "%%", string.rep("()", 32) }
      for _, pattern in ipairs(good) do
        local s = field { pattern = pattern }
        assert.is_nil(s.field_validation.patternProblem, pattern)
        assert.same({}, s:errors(), pattern)
      end
    end)
  end)

  describe("once shown", function()
    it("follows every edit", function()
      local s = field { required = true, minLength = 4 }
      enter(s, "ab")
      s:type("field", "abcd")
      assert.is_true(s.errorLabel.hidden)
      s:type("field", "")
      assert.is_false(s.errorLabel.hidden)
      assert.equals("Required", s.errorLabel.text)
    end)
  end)

  it("sends valueChanged only when validity changes", function()
    local s = field { required = true }
    local changes = s:record("field_validation.valueChanged")
    s:type("field", "a")
    s:type("field", "ab")
    assert.equals(1, #changes)
    s:type("field", "")
    assert.equals(2, #changes)
  end)

  it("shows the error at once when validate is called, and answers", function()
    local s = scene.new {
      controls = {
        email = { type = "TextField" },
        emailError = { type = "Label", hidden = true },
        submit = { type = "Button", title = "Send" },
      },
      behaviours = {
        check = {
          script = "field_validation.lua",
          outlets = { field = "email", errorLabel = "emailError" },
          inspectables = { required = true, format = "email" },
        },
      },
      connections = { "submit.touchUpInside -> check.validate" },
    }
    s:tap("submit")
    assert.is_false(s.emailError.hidden)
    assert.equals("Required", s.emailError.text)
  end)
end)
