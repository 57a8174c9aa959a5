describe("a handler that never ends", function()
  it("is reported at the tap that ran it", function()
    local s = scene.script("spin.lua")
    assert.equals("", s.button.title)
    s:tap("button")
    assert.equals("", s.button.title)
  end)

  it("is said beside the spec's own runaway", function()
    local s = scene.script("spin.lua")
    s:tap("button")
    local total = 0
    for i = 1, 1e9 do total = total + i end
  end)

  it("can be read as an error by a spec that expects it", function()
    local s = scene.script("spin.lua")
    s:tap("button")
    local errors = s:errors()
    assert.equals(1, #errors)
    assert.truthy(errors[1]:find("this loop never ends", 1, true))
  end)
end)
