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
    assert.is_false(s.generalPage.hidden)
    assert.is_true(s.privacyPage.hidden)
    assert.is_true(s.aboutPage.hidden)
  end)

  it("shows the page of the tab tapped", function()
    s:tap("privacy")
    assert.is_true(s.privacy.selected)
    assert.is_false(s.general.selected)
    assert.is_false(s.privacyPage.hidden)
    assert.is_true(s.generalPage.hidden)
    assert.same({ { 2 } }, changes)
  end)

  it("says nothing when the tab was already selected", function()
    s:tap("general")
    assert.same({}, changes)
  end)

  it("follows `selected` set from outside", function()
    s.tabs.selected = 3
    assert.is_true(s.about.selected)
    assert.is_false(s.aboutPage.hidden)
    assert.same({ { 3 } }, changes)
  end)
end)
