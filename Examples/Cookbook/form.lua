-- Examples/Cookbook/form.lua
-- A validated form: a rule for each field; a field's problem shows once
-- the user has left it, and the button sends only when every rule holds.
local Form = behaviour {
  name = "SignUpForm",
  outlets = {
    fullName = "TextField", email = "TextField", age = "TextField",
    message = "Label", submit = "Button",
  },
  inspectables = { minimumAge = { type = "integer", default = 13, min = 0 } },
  events = { "submitted" },
}

local fields = { "fullName", "email", "age" }

-- Each rule says what is wrong with a field's text, or nothing.
local rules = {
  fullName = function(text)
    if text == "" then return "Enter your name" end
  end,
  email = function(text)
    if not text:find("^[^@%s]+@[^@%s]+%.[^@%s]+$") then return "Enter an email address" end
  end,
  age = function(text, minimumAge)
    -- A field's text is a string: make it a number before comparing.
    local age = tonumber(text)
    if age == nil then return "Enter your age in digits" end
    if age < minimumAge then return ("You must be %d or older"):format(minimumAge) end
  end,
}

function Form:awake()
  self.left = {}
  for _, field in ipairs(fields) do
    self[field]:on("editingChanged", function() self:_check() end)
    self[field]:on("editingDidEnd", function()
      self.left[field] = true
      self:_check()
    end)
  end
  self.submit:on("touchUpInside", function()
    self:send("submitted", self.fullName.text, self.email.text, tonumber(self.age.text))
  end)
  self:_check()
end

-- Shows the first problem of a field the user has left; enables the
-- button when there is no problem at all.
function Form:_check()
  local shown, valid = nil, true
  for _, field in ipairs(fields) do
    local problem = rules[field](self[field].text, self.minimumAge)
    if problem then
      valid = false
      if self.left[field] and not shown then shown = problem end
    end
  end
  self.message.text = shown or ""
  self.submit.enabled = valid
end

return Form
