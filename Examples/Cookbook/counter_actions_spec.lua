-- Examples/Cookbook/counter_actions_spec.lua
-- An action is called as a connection would call it: s.counter:reset(),
-- or s:call("counter.reset"); s:record("counter.reset") records each call.
describe("the counter's reset action", function()
  local s
  before_each(function() s = scene.script("counter.lua", { maximum = 5 }) end)

  it("goes back to the minimum", function()
    s:tap("plus")
    s:tap("plus")
    s.counter:reset()
    assert.equals(0, s.counter.count)
    assert.equals("0", s.countLabel.text)
  end)

  it("is recorded each time it is called", function()
    local resets = s:record("counter.reset")
    s.counter:reset()
    s:call("counter.reset")
    assert.equals(2, #resets)
    assert.same({ name = "reset", from = "screen", handledBy = "counter" }, s:state().actions[1])
  end)
end)

describe("a helper", function()
  it("is no action: a spec cannot call it, nor a scene wire to it", function()
    local s = scene.script("counter.lua")
    assert.has_error(function() s:call("counter._set", 3) end, "has no action `_set`")
    assert.has_error(function()
      scene.new {
        controls = { plus = "Button", minus = "Button", countLabel = "Label", clear = "Button" },
        behaviours = {
          counter = { script = "counter.lua", outlets = { plus = "plus", minus = "minus", countLabel = "countLabel" } },
        },
        connections = { "clear.touchUpInside -> counter._set" },
      }
    end, "has no action `_set`")
  end)
end)
