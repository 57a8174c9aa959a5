-- Headless, the scene reads what faces.ui drew, as behave window does.
describe("a .ui file's faces", function()
  it("gives the button its label and the field its placeholder", function()
    local s = scene.load("faces.scene.yaml")
    assert.equals("Save preset", s.save.title)
    assert.equals("Preset name", s.name.placeholder)
    assert.equals(40, s.volume.value)
  end)
end)
