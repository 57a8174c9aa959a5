-- Specs of the Mistakes example: a scene with ten mistakes loads nowhere,
-- and each mistake is reported with its own line. Run with
-- `behave test Examples/Mistakes`.

describe("a scene with ten mistakes", function()
  local message
  before_each(function()
    local ok
    ok, message = pcall(scene.load, "ten_mistakes.scene.yaml")
    assert.is_false(ok)
  end)

  local expected = {
    ":7: control `send`: unknown control type `Buton` (did you mean `Button`?)",
    ":8: control `greeting`: Label has no property `txt` (did you mean `text`?)",
    ":9: control `volume`: alpha must be at most 1, not 1.5",
    ":10: control `wifi`: on takes true or false, not `maybe`",
    ":11: control `badge`: no control named `contianer` to be its parent (did you mean `container`?)",
    ":18: behaviour `toggle`: outlet `button` of ToggleButton takes a Button, but `greeting` is a Label",
    ":20: behaviour `toggle`: ToggleButton has no inspectable `duraton` (did you mean `duration`?)",
    ":23: behaviour `other`: ToggleButton has no outlet `buton` (did you mean `button`?)",
    ":25: behaviour `broken`:",
    ":27: connection: no control or behaviour named `scren` (did you mean `screen`?)",
  }

  for i, text in ipairs(expected) do
    it("reports mistake " .. i .. " with its line", function()
      assert.truthy(message:find("ten_mistakes.scene.yaml" .. text, 1, true), message)
    end)
  end

  it("reports the broken script with the script's own line, column and fix", function()
    assert.truthy(message:find("broken.lua:9:1: error: found `end` where a value was expected; write the value", 1, true),
      message)
  end)

  it("reports nothing else", function()
    local count = 0
    for _ in message:gmatch("ten_mistakes%.scene%.yaml:%d+:") do count = count + 1 end
    assert.equals(10, count)
  end)
end)

describe("the broken script on its own", function()
  it("cannot make a scene", function()
    local ok, err = pcall(scene.script, "broken.lua")
    assert.is_false(ok)
    -- As `behave check` says it: the line, column and fix, then Lua's own message.
    assert.truthy(err:find("broken.lua:9:1: error: found `end` where a value was expected", 1, true), err)
    assert.truthy(err:find("\n[^\n]*broken.lua:9: unexpected symbol near 'end'$"), err)
  end)
end)
