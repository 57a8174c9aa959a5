-- A strength meter under a password field, rated again at every key: too
-- short, then one step for each kind of character it has (lower case,
-- upper case, digits, anything else). The field shows dots (the scene sets
-- `secureTextEntry`); the behaviour reads the text itself.
local Strength = behaviour {
  name = "PasswordStrength",
  outlets = { field = "TextField", meter = "Label" },
  inspectables = {
    minimumLength = { type = "integer", default = 8, min = 1, max = 64 },
  },
  events = { "valueChanged" },
}

local levels = {
  [0] = { "Too short", "red" },
  { "Weak", "orange" },
  { "Fair", "yellow" },
  { "Good", "teal" },
  { "Strong", "green" },
}

-- 0 when too short, else 1 to 4: the kinds of character in it.
local function score(text, minimumLength)
  if (utf8.len(text) or #text) < minimumLength then return 0 end
  local kinds = 0
  for _, class in ipairs { "%l", "%u", "%d", "[^%w]" } do
    if text:find(class) then kinds = kinds + 1 end
  end
  return kinds
end

function Strength:awake()
  self.field:on("editingChanged", function(field) self:_rate(field.text) end)
  self:_rate(self.field.text)
end

function Strength:_rate(text)
  local level = levels[score(text, self.minimumLength)]
  self.meter.text, self.meter.textColor = level[1], level[2]
  if level[1] ~= self.level then
    self.level = level[1]
    self:send("valueChanged", self.level)
  end
end

return Strength
