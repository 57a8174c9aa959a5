-- A scene whose controls and behaviour are named like the scene object's
-- methods: each is reached through s.controls and s.behaviours, the
-- methods still work, and a method used as a control says the way.
describe("names taken by scene methods", function()
  local s
  before_each(function() s = scene.load("methods.scene.yaml") end)

  it("reaches every control and behaviour through s.controls and s.behaviours", function()
    assert.equals("Remove", s.controls.remove.title)
    assert.equals("shown", s.controls.show.text)
    assert.equals("a label named controls", s.controls.controls.text)
    assert.is_false(s.behaviours.state.toggled)
    s.controls.show.text = "changed"
    assert.equals("changed", s.controls.show.text)
  end)

  it("keeps the methods of those names", function()
    s:tap("remove")
    assert.is_true(s.behaviours.state.toggled)
    assert.equals("Names", s:state().screen)
    assert.is_string(s:show())
    s:remove("show")
    assert.is_false(s:exists("show"))
  end)

  it("says the way when a method is used as the control", function()
    assert.has_error(function() return s.remove.title end,
      "`s.remove` is the scene's method s:remove(…); the control named `remove` is s.controls.remove")
    assert.has_error(function() s.show.text = "x" end,
      "`s.show` is the scene's method s:show(…); the control named `show` is s.controls.show")
    assert.has_error(function() return s.state.toggled end,
      "`s.state` is the scene's method s:state(…); the behaviour named `state` is s.behaviours.state")
  end)

  it("says which table holds a name", function()
    assert.has_error(function() return s.controls.state end,
      "`state` is a behaviour, not a control: reach it as s.behaviours.state")
    assert.has_error(function() return s.behaviours.remove end,
      "`remove` is a control, not a behaviour: reach it as s.controls.remove")
    assert.has_error(function() s.controls.remove = 1 end,
      "s.controls.remove cannot be replaced; set its properties with s.controls.remove.property = value")
    local ok, message = pcall(function() return s.controls.remov end)
    assert.is_false(ok)
    assert.matches("no control or behaviour named `remov` %(did you mean `remove`%?%)", message)
  end)

  it("leaves other scenes' methods alone", function()
    local other = scene.script("toggle.lua")
    assert.equals("function", type(other.remove))
    assert.equals("toggle-off", other.controls.button.image.name)
  end)
end)
