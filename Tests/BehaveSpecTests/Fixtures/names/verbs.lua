-- Someone who comes from GTK, UIKit or the web calls a scene method by
-- their toolkit's verb, or reads a property by its name: each is told
-- that it is no scene method, and Behave's word.
describe("other toolkits' words", function()
  local s
  before_each(function()
    s = scene.new { controls = { order = { type = "Button", title = "Order" }, decaf = "Switch",
                                 note = "TextField" } }
  end)

  it("tells the scene method another toolkit's verb means", function()
    assert.has_error(function() s:click("order") end,
      "`click` is not a scene method, nor a control or behaviour of this scene (did you mean `s:tap`? `click` is the web's word for it)")
    assert.has_error(function() s:toggle("decaf") end,
      "`toggle` is not a scene method, nor a control or behaviour of this scene (did you mean `s:tap`? `toggle` is other toolkits' word for it)")
    assert.has_error(function() s:fill("note", "oat milk") end,
      "`fill` is not a scene method, nor a control or behaviour of this scene (did you mean `s:type`? `fill` is the web's word for it)")
    assert.has_error(function() s:submit("note") end,
      "`submit` is not a scene method, nor a control or behaviour of this scene (did you mean `s:pressReturn`? `submit` is the web's word for it)")
    assert.has_error(function() s:tpa("order") end,
      "`tpa` is not a scene method, nor a control or behaviour of this scene (did you mean `s:tap`?)")
  end)

  it("still tells a misspelt control before a method", function()
    assert.has_error(function() return s.noet.text end,
      "no control or behaviour named `noet` (did you mean `note`?)")
    assert.has_error(function() return s.nothing end, "no control or behaviour named `nothing`")
  end)

  it("lists the scene's names for a name far from all of them", function()
    local message = assert.has_error(function() s:tap("save_button") end)
    assert.matches("no control or behaviour named `save_button`; the scene's controls and behaviours: [%w_, ]*note", message)
  end)

  it("tells the property another toolkit's name means", function()
    assert.has_error(function() return s.order.label end,
      "Button has no property or method `label` (did you mean `title`? `label` is GTK's name for it) (on `order`)")
    assert.has_error(function() return s.decaf.active end,
      "Switch has no property or method `active` (did you mean `isOn`? `active` is GTK's name for it) (on `decaf`)")
    assert.has_error(function() return s.order.visible end,
      "Button has no property or method `visible` (did you mean `hidden`? `visible` is GTK's name for its opposite: hidden = not visible) (on `order`)")
    -- A set reaches properties only, and says so.
    assert.has_error(function() s.order.label = "Go" end,
      "Button has no property `label` (did you mean `title`? `label` is GTK's name for it)")
    s:tap("decaf")
    assert.is_true(s.decaf.isOn)
  end)

  it("names a megabyte event it cannot record by its start and its length, as `on` does", function()
    local huge = "tapped" .. string.rep("!", 1 << 20)
    local ok, message = pcall(s.record, s, "order." .. huge)
    assert.is_false(ok)
    assert.truthy(message:find("`order` has no event or action `" .. huge:sub(1, 200) .. "… (1048582 characters)`; its events: ", 1, true))
    assert.is_true(#message < 1000)
  end)

  it("tells a control's script method the spec's way to hear its events", function()
    assert.has_error(function() s.order:on("touchUpInside", function() end) end,
      "`on` is a method behaviours call on a Button (`self.order:on(…)`), which a spec's scene does not offer; a spec hears a control's events by recording them: `local events = s:record(\"order.touchUpInside\")` fills as the event fires")
    assert.has_error(function() return s.decaf.once end,
      "`once` is a method behaviours call on a Switch (`self.decaf:once(…)`), which a spec's scene does not offer; a spec hears a control's events by recording them: `local events = s:record(\"decaf.valueChanged\")` fills as the event fires")
  end)
end)
