-- Examples/Cookbook/counter_actions_spec.lua
-- An action is tested the way a scene uses it: wire a control's event to
-- it, then send the event.
local function wired(action)
  return scene.new {
    controls = { plus = "Button", minus = "Button", countLabel = "Label", clear = "Button" },
    behaviours = {
      counter = {
        script = "counter.lua",
        outlets = { plus = "plus", minus = "minus", countLabel = "countLabel" },
      },
    },
    connections = { "clear.touchUpInside -> counter." .. action },
  }
end

describe("the counter's reset action", function()
  local s
  before_each(function() s = wired("reset") end)

  it("goes back to the minimum", function()
    s:tap("plus")
    s:tap("plus")
    s:tap("clear")
    assert.equals(0, s.counter.count)
    assert.equals("0", s.countLabel.text)
  end)

  it("is recorded as handled by the counter", function()
    s:tap("clear")
    local action = s:state().actions[1]
    assert.equals("reset", action.name)
    assert.equals("clear", action.from)
    assert.equals("counter", action.handledBy)
  end)
end)

describe("a helper", function()
  it("is no action: a scene cannot wire to it", function()
    assert.has_error(function() wired("_set") end, "has no action `_set`")
  end)
end)
