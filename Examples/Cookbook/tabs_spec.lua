-- Examples/Cookbook/tabs_spec.lua
describe("tabs", function()
  local s, changes
  before_each(function()
    s = scene.load("tabs.scene.yaml")
    changes = s:record("tabs.valueChanged")
  end)

  it("starts on the first tab", function()
    assert.is_true(s.general.selected)
    assert.is_false(s.privacy.selected)
    assert.equals("bold", s.general.fontWeight)
    assert.equals("blue", s.general.titleColor)
    assert.equals("regular", s.privacy.fontWeight)
    assert.equals("gray", s.privacy.titleColor)
    assert.is_false(s.generalPage.hidden)
    assert.is_true(s.privacyPage.hidden)
    assert.is_true(s.aboutPage.hidden)
  end)

  it("shows the page of the tab tapped", function()
    s:tap("privacy")
    assert.is_true(s.privacy.selected)
    assert.is_false(s.general.selected)
    assert.equals("bold", s.privacy.fontWeight)
    assert.equals("regular", s.general.fontWeight)
    -- Any spelling of a colour compares: "blue" is #007AFF.
    assert.equals("#007AFF", s.privacy.titleColor)
    assert.equals("gray", s.general.titleColor)
    assert.is_false(s.privacyPage.hidden)
    assert.is_true(s.generalPage.hidden)
    assert.same({ { 2 } }, changes)
  end)

  it("says nothing when the tab was already selected", function()
    s:tap("general")
    assert.same({}, changes)
  end)

  it("takes the scene's colours", function()
    s.tabs.selectedColor = "#FF9500"
    assert.equals("orange", s.general.titleColor)
    assert.equals("gray", s.about.titleColor)
    s.tabs.normalColor = "lightGray"
    assert.equals("lightGray", s.about.titleColor)
    assert.same({}, changes)
  end)

  it("follows `selected` set from outside", function()
    s.tabs.selected = 3
    assert.is_true(s.about.selected)
    assert.is_false(s.aboutPage.hidden)
    assert.same({ { 3 } }, changes)
  end)
end)
