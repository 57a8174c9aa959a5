describe("an avatar confirmed before it is used", function()
  local s, changes
  before_each(function()
    s = scene.load("avatar.scene.yaml")
    changes = s:record("screen.avatarChanged")
    s:tap("change")
  end)

  it("offers the photo library's photos", function()
    local dialog = s:dialog()
    assert.equals("picker", dialog.style)
    assert.same({ "badge.png", "pebble.jpg" }, dialog.options)
  end)

  it("asks before using the picked photo, and changes nothing yet", function()
    s:choose("pebble.jpg")
    local dialog = s:dialog()
    assert.equals("alert", dialog.style)
    assert.equals("Use this photo?", dialog.title)
    assert.equals("pebble.jpg", dialog.message)
    assert.same({ "Use Photo" }, dialog.options)
    assert.is_nil(s.avatar.image)
    assert.equals(0, #changes)
  end)

  it("uses the photo once confirmed, fitted to 200×200", function()
    s:choose("pebble.jpg")
    s:choose("Use Photo")
    assert.equals("pebble.jpg", s.avatar.image.name)
    assert.equals(150, s.avatar.image.width)
    assert.equals(200, s.avatar.image.height)
    assert.equals(1, #changes)
    assert.equals("pebble.jpg", changes[1][1].name)
  end)

  it("keeps the old avatar when the photo is turned down", function()
    s:choose("badge.png")
    s:choose("cancel")
    assert.is_nil(s.avatar.image)
    assert.equals(0, #changes)
    assert.is_nil(s:dialog())
  end)

  it("is modal: the screen behind the question takes no taps", function()
    s:choose("pebble.jpg")
    s:tap("change")
    assert.equals("Use this photo?", s:dialog().title)
    local refused = {}
    for _, entry in ipairs(s:trace()) do
      if entry.kind == "note" and entry.subject == "change" then refused[#refused + 1] = entry.message end
    end
    assert.same({ "change ignores the tap (an alert is presented: choose an option first)" }, refused)
  end)
end)
