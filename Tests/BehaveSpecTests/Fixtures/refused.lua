-- A spec types into a field the scene hides, or taps a disabled button:
-- the scene refuses it and raises nothing, so a failure after it says
-- what the scene noted; a spec that means to be refused passes quietly.
describe("refused", function()
  local s
  before_each(function()
    s = scene.new {
      controls = {
        note = { type = "TextField", hidden = true },
        post = { type = "Button", enabled = false },
      },
    }
  end)

  it("types into a hidden field", function()
    s:keys("note", "abc")
    assert.equals("abc", s.note.text)
  end)

  it("taps a disabled button four times", function()
    local taps = s:record("post.touchUpInside")
    for _ = 1, 4 do s:tap("post") end
    assert.equals(4, #taps)
  end)

  it("means to tap a disabled button", function()
    local taps = s:record("post.touchUpInside")
    s:tap("post")
    assert.equals(0, #taps)
  end)
end)
