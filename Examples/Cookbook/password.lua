-- Examples/Cookbook/password.lua
-- Validation with colours: the hint says what the password still needs,
-- in red, or that it is strong enough, in green; only then can it be sent.
local Password = behaviour {
  name = "PasswordRules",
  outlets = { field = "TextField", hint = "Label", submit = "Button" },
  inspectables = {
    minimumLength = { type = "integer", default = 8, min = 1, max = 64 },
    validColor = { type = "color", default = "green" },
    invalidColor = { type = "color", default = "red" },
  },
}

-- What `text` still needs, or nil when it is good.
local function problem(text, minimumLength)
  local length = utf8.len(text) or #text
  if length < minimumLength then
    local missing = minimumLength - length
    return ("%d more character%s"):format(missing, missing == 1 and "" or "s")
  elseif not text:find("%d") then
    return "add a digit"
  end
end

function Password:awake()
  self.field:on("editingChanged", function(field) self:_check(field.text) end)
  self:_check(self.field.text)
end

function Password:_check(text)
  local needs = problem(text, self.minimumLength)
  self.hint.text = needs or "Strong enough"
  self.hint.textColor = needs and self.invalidColor or self.validColor
  self.submit.enabled = needs == nil
end

return Password
