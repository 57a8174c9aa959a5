-- FieldValidation: checks a text field against rules set as inspectables
-- and shows what is wrong in an error label. The label stays hidden until
-- the user has left the field once (or `validate` is called, from a submit
-- button say); from then on it follows every edit. `valueChanged` is sent
-- whenever the field goes from valid to invalid or back; `valid` and
-- `message` (fields) say where it stands.
--
-- `pattern` is a Lua pattern the whole text must match (`^` and `$` may be
-- left out: it is anchored at both ends anyway). A pattern that is not a
-- Lua pattern is an error once, when it is set, and is then ignored (the
-- field is checked against the other rules) until it is fixed;
-- `patternProblem` (a field) says what is wrong with it.
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

-- Reads a Lua pattern as Lua's matcher does. Returns what is wrong with it,
-- as string.find would say it (nil when nothing is), and whether it starts
-- with the anchor `^` and ends with the anchor `$`. Lua finds most mistakes
-- only when a match reaches them (string.find("", "(a") succeeds: "a" fails
-- first, and the capture is never found unfinished), so trying a pattern
-- on a few texts is not enough.
local function readPattern(pattern)
  local n = #pattern
  local open, closed, count = {}, {}, 0    -- open captures (a stack), closed ones, all so far
  -- The index after the set that starts at `i` (a '['), as Lua reads it:
  -- the first character (after a '^') is never the closing ']'.
  local function setEnd(i)
    i = i + 1
    if pattern:sub(i, i) == "^" then i = i + 1 end
    repeat
      if i > n then return nil end
      local c = pattern:sub(i, i)
      i = i + 1
      if c == "%" and i <= n then i = i + 1 end
    until pattern:sub(i, i) == "]"
    return i + 1
  end
  local i, startAnchor, endAnchor = 1, pattern:sub(1, 1) == "^", false
  if startAnchor then i = 2 end
  while i <= n do
    local c = pattern:sub(i, i)
    if c == "(" then
      count = count + 1
      if count > 32 then return "too many captures" end
      if pattern:sub(i + 1, i + 1) == ")" then   -- a position capture
        closed[count] = true
        i = i + 2
      else
        open[#open + 1] = count
        i = i + 1
      end
    elseif c == ")" then
      if #open == 0 then return "invalid pattern capture (a ')' with no '(')" end
      closed[open[#open]] = true
      open[#open] = nil
      i = i + 1
    elseif c == "[" then
      i = setEnd(i)
      if not i then return "malformed pattern (missing ']')" end
    elseif c == "%" then
      local d = pattern:sub(i + 1, i + 1)
      if d == "" then return "malformed pattern (ends with '%')" end
      if d == "b" then
        if i + 3 > n then return "malformed pattern (missing arguments to '%b')" end
        i = i + 4
      elseif d == "f" then
        if pattern:sub(i + 2, i + 2) ~= "[" then return "missing '[' after '%f' in pattern" end
        i = setEnd(i + 2)
        if not i then return "malformed pattern (missing ']')" end
      elseif d:find("%d") then
        local k = tonumber(d)
        if not closed[k] then return string.format("invalid capture index %%%d", k) end
        i = i + 2
      else
        i = i + 2
      end
    else
      endAnchor = c == "$" and i == n         -- a `$` anywhere else is a plain `$`
      i = i + 1
    end
  end
  if #open > 0 then return "unfinished capture" end
  return nil, startAnchor, endAnchor
end

-- A few texts to try a pattern on, beyond reading it.
local PROBES = { "", "a", "A1", "0", " ", "a@b.c", "-1.5", string.rep("a", 40) }

-- Per behaviour: the pattern to match the whole text with, while `pattern`
-- is a good one; and whether a problem found while matching is yet to be
-- reported.
local anchored = setmetatable({}, { __mode = "k" })
local unreported = setmetatable({}, { __mode = "k" })

-- Reads a new `pattern`: sets `patternProblem` (nil when it is good).
local function readNewPattern(self)
  anchored[self], unreported[self] = nil, nil
  local reason, startAnchor, endAnchor
  if self.pattern ~= "" then
    reason, startAnchor, endAnchor = readPattern(self.pattern)
    local whole = "^" .. self.pattern:sub(startAnchor and 2 or 1, endAnchor and -2 or -1) .. "$"
    for _, text in ipairs(PROBES) do
      if reason then break end
      local ok, message = pcall(string.find, text, whole)
      if not ok then reason = tostring(message) end
    end
    if not reason then anchored[self] = whole end
  end
  self.patternProblem = reason
end

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
  if anchored[self] then
    local ok, found = pcall(string.find, text, anchored[self])
    if not ok then
      -- A pattern that reads well can still fail on a text ("pattern too
      -- complex"): ignore it from now on, and say so once.
      anchored[self], self.patternProblem, unreported[self] = nil, tostring(found), true
    elseif not found then
      return self.patternMessage
    end
  end
  return nil
end

-- A bad pattern is an error once, here, with what is wrong; it is then
-- ignored until it is fixed.
local function reportPattern(self)
  if self.patternProblem then
    error(string.format("pattern %q is not a Lua pattern: %s (it is ignored until it is fixed)",
                        self.pattern, self.patternProblem), 0)
  end
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
  if unreported[self] then
    unreported[self] = nil
    reportPattern(self)
  end
end

function FieldValidation:awake()
  readNewPattern(self)
  self.valid = problem(self, self.field.text) == nil   -- where it starts: no event for it
  self.touched = false
  self.field:on("editingChanged", function() refresh(self) end)
  self.field:on("editingDidEnd", function() self:validate() end)
  refresh(self)
  reportPattern(self)                                   -- last: the rest works without it
end

function FieldValidation:changed(name)
  if name == "pattern" then readNewPattern(self) end
  refresh(self)
  if name == "pattern" then reportPattern(self) end
end

-- Shows the error, if any, even before the user has left the field.
-- Returns whether the text is valid.
function FieldValidation:validate()
  self.touched = true
  refresh(self)
  return self.valid
end

return FieldValidation
