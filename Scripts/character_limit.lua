-- CharacterLimit: a text field takes at most `limit` characters (Unicode
-- code points); an edit that goes over is cut back to the limit. A counter
-- label shows "used/limit" (or the characters left, with `showRemaining`)
-- and turns `warningColor` once `warningAt` or fewer are left.
local CharacterLimit = behaviour {
  name = "CharacterLimit",
  outlets = { field = "TextField", counter = "Label" },
  inspectables = {
    limit         = { type = "integer", default = 140, min = 1 },
    showRemaining = false,
    warningAt     = { type = "integer", default = 10, min = 0 },
    warningColor  = { type = "color", default = "red" },
  },
  events = { "limitReached" },          -- an edit was cut back to the limit
}

-- The first `count` characters of `text`.
local function prefix(text, count)
  local stop = utf8.offset(text, count + 1)
  return stop and text:sub(1, stop - 1) or text
end

local function update(self)
  local text = self.field.text
  local used = utf8.len(text) or #text   -- bytes, should the text not be UTF-8
  local cut = used > self.limit
  if cut then
    text = prefix(text, self.limit)
    self.field.text = text
    used = self.limit
  end
  local left = self.limit - used
  self.counter.text = self.showRemaining and tostring(left) or string.format("%d/%d", used, self.limit)
  self.counter.textColor = left <= self.warningAt and self.warningColor or self.normalColor
  if cut then self:send("limitReached") end
end

function CharacterLimit:awake()
  self.normalColor = self.counter.textColor
  self.field:on("editingChanged", function() update(self) end)
  update(self)
end

function CharacterLimit:changed()
  update(self)
end

return CharacterLimit
