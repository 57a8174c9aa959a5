-- FieldValidation: checks a text field against rules set as inspectables
-- and shows what is wrong in an error label. The label stays hidden until
-- the user has left the field once (or `validate` is called, from a submit
-- button say); from then on it follows every edit. `valueChanged` is sent
-- whenever the field goes from valid to invalid or back; `valid` and
-- `message` (fields) say where it stands.
local FieldValidation = behaviour {
  name = "FieldValidation",
  outlets = { field = "TextField", errorLabel = "Label" },
  inspectables = {
    required  = false,
    minLength = { type = "integer", default = 0, min = 0 },
    format    = { type = "enum", values = { "any", "email", "integer", "decimal" }, default = "any" },
    pattern   = "",                     -- a Lua pattern the whole text must match ("" for none)
    patternMessage = "Not in the expected form",
  },
  events = { "valueChanged" },
}

-- Whole-text patterns for `format`.
local FORMATS = {
  email   = { "^[%w._%%+-]+@[%w.-]+%.%a%a+$", "Not an email address" },
  integer = { "^[+-]?%d+$", "Not a whole number" },
  decimal = { "^[+-]?%d+%.?%d*$", "Not a number" },
}

-- The first rule the text breaks, as a message; nil when it breaks none.
-- An empty optional field breaks none.
local function problem(self, text)
  if text == "" then
    return self.required and "Required" or nil
  end
  local length = utf8.len(text) or #text
  if length < self.minLength then
    return string.format("At least %d characters", self.minLength)
  end
  local rule = FORMATS[self.format]
  if rule and not text:find(rule[1]) then return rule[2] end
  if self.pattern ~= "" and not text:find("^" .. self.pattern .. "$") then
    return self.patternMessage
  end
  return nil
end

local function refresh(self)
  local message = problem(self, self.field.text)
  local valid = message == nil
  self.message = message
  self.errorLabel.text = message or ""
  self.errorLabel.hidden = valid or not self.touched
  if valid ~= self.valid then
    self.valid = valid
    self:send("valueChanged")
  end
end

-- A bad pattern would fail every edit: say so once, where it is set.
local function checkPattern(self)
  local ok, reason = pcall(string.find, "", self.pattern)
  if not ok then
    error(string.format("pattern %q is not a Lua pattern: %s", self.pattern, reason), 2)
  end
end

function FieldValidation:awake()
  checkPattern(self)
  self.valid = problem(self, self.field.text) == nil   -- where it starts: no event for it
  self.touched = false
  self.field:on("editingChanged", function() refresh(self) end)
  self.field:on("editingDidEnd", function() self:validate() end)
  refresh(self)
end

function FieldValidation:changed(name)
  if name == "pattern" then checkPattern(self) end
  refresh(self)
end

-- Shows the error, if any, even before the user has left the field.
-- Returns whether the text is valid.
function FieldValidation:validate()
  self.touched = true
  refresh(self)
  return self.valid
end

return FieldValidation
