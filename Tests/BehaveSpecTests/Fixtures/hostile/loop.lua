describe("a runaway", function()
  it("passes before", function() assert.is_true(true) end)
  it("loops forever", function()
    while true do end
  end)
  it("allocates without bound", function()
    local t = {}
    local i = 0
    while true do
      i = i + 1
      t[i] = string.rep("x", 4096) .. i
    end
  end)
  it("calls os.exit", function()
    os.exit(1)
  end)
  it("passes after", function()
    local s = scene.script("toggle.lua")
    s:tap("button")
    assert.is_true(s.toggle.toggled)
  end)
end)
