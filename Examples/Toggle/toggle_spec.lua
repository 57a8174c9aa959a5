-- Specs of the Toggle example (toggle.scene.yaml): two toggle buttons, one
-- that flips at once and one that fades, and an action nobody handles.
-- Run with `behave test Examples/Toggle`.

describe("settings toggles", function()
  local s
  before_each(function() s = scene.load("toggle.scene.yaml") end)

  it("builds the screen of the scene file", function()
    local state = s:state()
    assert.equals("Settings", state.screen)
    assert.equals("Wi-Fi", s.wifi.title)
    assert.equals("Sound", s.sound.title)
    assert.equals("toggle-off", s.wifi.image.name)
    assert.equals("sound-off", s.sound.image.name)
    assert.same({ x = 16, y = 90, width = 160, height = 44 }, s.wifi.frame)
  end)

  it("shows the icons of images/ at their real size", function()
    assert.same({ name = "toggle-off", width = 64, height = 64 }, s:state().controls.wifi.image)
    s:tap("wifi")
    assert.equals(64, s.wifi.image.width)
    assert.equals("toggle-on", s.wifi.image.name)
    assert.equals(64, s.fadingToggle.selectedImage.height)
  end)

  it("flips Wi-Fi at once", function()
    s:tap("wifi")
    assert.is_true(s.toggle.toggled)
    assert.equals("toggle-on", s.wifi.image.name)
  end)

  it("fades Sound out and in with its own images", function()
    s:tap("sound")
    s:advance(0.35)
    assert.near(0.5, s.sound.alpha, 0.01)
    assert.equals("sound-off", s.sound.image.name)
    s:advance(0.35)
    assert.equals("sound-on", s.sound.image.name)
    s:advance(0.7)
    assert.equals(1, s.sound.alpha)
    assert.is_true(s.fadingToggle.toggled)
  end)

  it("keeps the two toggles apart", function()
    s:tap("wifi")
    assert.is_true(s.toggle.toggled)
    assert.is_false(s.fadingToggle.toggled)
    assert.equals("sound-off", s.sound.image.name)
  end)

  it("sends toggleChanged to the screen, where nothing handles it", function()
    s:tap("wifi")
    s:tap("wifi")
    local actions = s:state().actions
    assert.equals(2, #actions)
    assert.same({ name = "toggleChanged", from = "toggle" }, actions[1])
    local unhandled = 0
    for _, entry in ipairs(s:trace()) do
      if entry.kind == "action" and entry.message:find("unhandled", 1, true) then unhandled = unhandled + 1 end
    end
    assert.equals(2, unhandled)
  end)

  it("destroys both toggles with the screen", function()
    s:tap("sound")
    s:dismiss()
    s:advance(2)
    assert.is_false(s.toggle.alive)
    assert.is_false(s.fadingToggle.alive)
    assert.equals(0, #s:errors())
  end)
end)
