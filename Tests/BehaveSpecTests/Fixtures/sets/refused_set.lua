-- A set the scene refuses is told as `behave run`, the window and the
-- studio tell it: the command as it would be typed, then why.
describe("a refused set", function()
  local s
  before_each(function()
    s = scene.new { controls = { volume = { type = "Slider", maximumValue = 45 } } }
  end)

  it("names the control, the property and the value", function()
    local why = "minimumValue must be at most maximumValue (45), not 200; "
      .. "give a smaller minimumValue, or raise maximumValue before it"
    assert.has_error(function() s:set("volume.minimumValue", 200) end, "set volume.minimumValue 200: " .. why)
    assert.has_error(function() s:set("volume", "minimumValue", 200) end, "set volume.minimumValue 200: " .. why)
    assert.has_error(function() s:command("set  volume.minimumValue   200 ") end, "set volume.minimumValue 200: " .. why)
  end)

  it("writes the value as it would be typed", function()
    assert.has_error(function() s:set("volume.value", "lots") end,
      'set volume.value "lots": value takes a number, not the text `lots`')
    assert.has_error(function() s:set("volume.frame", { 1, 2 }) end,
      "set volume.frame [1, 2]: frame takes a rect (x, y, width, height), not a list of 2 numbers; "
        .. "write its 4 numbers in this order: `[x, y, width, height]`")
  end)

  it("cuts a long word as behave run does, typed or given as values", function()
    local long = string.rep("x", 100000)
    -- A word (a run without a blank, its punctuation too) of its first 80
    -- and last 20 characters.
    local function cut(word) return word:sub(1, 80) .. "…" .. word:sub(-20) end
    assert.has_error(function() s:command("set volume.value " .. long) end,
      "set volume.value " .. cut(long .. ":") .. " value takes a number, not " .. cut("`" .. long .. "`"))
    assert.has_error(function() s:set("volume.value", long) end,
      "set volume.value " .. cut('"' .. long .. '":') .. " value takes a number, not the text " .. cut("`" .. long .. "`"))
  end)

  it("says nothing more of another command", function()
    assert.has_error(function() s:tap("nothing") end, "no control or behaviour named `nothing`")
  end)
end)
