-- Specs of become_first_responder.lua: a field begins editing when the
-- screen appears.

describe("become_first_responder", function()
  it("makes the field the first responder at once", function()
    local s = scene.script("become_first_responder.lua")
    assert.is_true(s.field.editing)
  end)

  it("waits for delay when there is one", function()
    local s = scene.script("become_first_responder.lua", { delay = 0.5 })
    assert.is_false(s.field.editing)
    s:advance(0.5)
    assert.is_true(s.field.editing)
  end)

  it("sends editingDidBegin, as a tap in the field would", function()
    local s = scene.new {
      controls = { first = { type = "TextField" }, second = { type = "TextField" } },
      behaviours = {
        focus = { script = "become_first_responder.lua", outlets = { field = "second" }, inspectables = { delay = 0.1 } },
      },
    }
    local began = s:record("second.editingDidBegin")
    s:advance(0.1)
    assert.equals(1, #began)
  end)

  it("takes the first responder from another field, which ends editing", function()
    local s = scene.new {
      controls = { first = { type = "TextField" }, second = { type = "TextField" } },
      behaviours = {
        focus = { script = "become_first_responder.lua", outlets = { field = "second" }, inspectables = { delay = 1 } },
      },
    }
    s:type("first", "typing")
    local ended = s:record("first.editingDidEnd")
    s:advance(1)
    assert.is_false(s.first.editing)
    assert.is_true(s.second.editing)
    assert.equals(1, #ended)
  end)

  it("can focus the field again as an action", function()
    local s = scene.new {
      controls = { field = { type = "TextField" }, again = { type = "Button" } },
      behaviours = { focus = { script = "become_first_responder.lua", outlets = { field = "field" } } },
      connections = { "again.touchUpInside -> focus.focus" },
    }
    s.field.editing = false
    s:tap("again")
    assert.is_true(s.field.editing)
  end)

  it("reports a field that cannot take touches", function()
    local s = scene.new {
      controls = { field = { type = "TextField", hidden = true } },
      behaviours = { focus = { script = "become_first_responder.lua", outlets = { field = "field" } } },
    }
    local errors = s:errors()
    assert.equals(1, #errors)
    assert.matches("field%.editing cannot begin: it is hidden", errors[1])
    assert.is_false(s.field.editing)
  end)
end)
