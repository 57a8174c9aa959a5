-- Specs of Scripts/image_picker.lua (the seed's ImagePickerBehavior), one
-- per branch of its flow. The photos are the real files in photos/:
--   mountains.png 3000x2000, sunset.jpg 1600x1200 (landscape),
--   lighthouse.jpg 1200x1600 (portrait), badge.png 256x256 and
--   pebble.jpg 240x320 (small).
-- Run with `behave test Examples/ImagePicker`.

-- The profile screen of profile.scene.yaml with the platform given.
local function profile(platform, inspectables)
  return scene.new {
    screen = "Profile",
    controls = {
      avatar = { type = "ImageView" },
      change = { type = "Button", title = "Change photo" },
    },
    behaviours = {
      picker = {
        script = "image_picker.lua",
        outlets = { targetImageView = "avatar" },
        inspectables = inspectables or { maxSize = { 1024, 1024 } },
      },
    },
    connections = { "change.touchUpInside -> picker.pickImage" },
    platform = platform,
  }
end

local both = { camera = { available = true }, photoLibrary = "photos/" }

-- The options of the presented dialog, or nil when none is.
local function options(s)
  local dialog = s:dialog()
  return dialog and dialog.options
end

local function logged(s, text)
  for _, entry in ipairs(s:trace()) do
    if entry.kind == "log" and entry.message:find(text, 1, true) then return true end
  end
  return false
end

-- Nothing was picked, shown or sent.
local function unchanged(s, changes)
  assert.is_nil(s.avatar.image)
  assert.is_nil(s.picker.pickedImage)
  assert.equals(0, #changes)
  assert.is_nil(s:dialog())
end

describe("image picker: sources", function()
  it("offers both sources, with the inspectable titles", function()
    local s = profile(both, { cameraButtonTitle = "Take a photo", photoLibraryButtonTitle = "Choose from library" })
    s:tap("change")
    assert.equals("actionSheet", s:dialog().style)
    assert.same({ "Take a photo", "Choose from library" }, options(s))
    assert.equals("Cancel", s:dialog().cancel)
    s:choose("Choose from library")
    assert.equals("picker", s:dialog().style)
    assert.same({ "badge.png", "lighthouse.jpg", "mountains.png", "pebble.jpg", "sunset.jpg" }, options(s))
  end)

  it("goes straight to the camera when it is the only source", function()
    local s = profile { camera = { available = true, image = { name = "selfie.jpg", width = 3024, height = 4032 } } }
    local changes = s:record("picker.valueChanged")
    s:tap("change")
    assert.equals("picker", s:dialog().style)
    assert.same({ "Take Photo" }, options(s))
    s:choose("Take Photo")
    assert.same({ name = "selfie.jpg", width = 768, height = 1024 }, s.avatar.image)
    assert.equals(1, #changes)
  end)

  it("goes straight to the photo library when it is the only source", function()
    local s = profile { photoLibrary = "photos/" }
    s:tap("change")
    assert.equals("Photo Library", s:dialog().title)
    s:choose("pebble.jpg")
    assert.equals("pebble.jpg", s.avatar.image.name)
  end)

  it("skips a source that is available but not enabled", function()
    local s = profile(both, { cameraEnabled = false })
    s:tap("change")
    assert.equals("Photo Library", s:dialog().title)
    s = profile(both, { photoLibraryEnabled = false })
    s:tap("change")
    assert.same({ "Take Photo" }, options(s))
  end)

  it("does nothing, with a log line, when no source is available", function()
    local s = profile(nil)
    local changes = s:record("picker.valueChanged")
    s:tap("change")
    unchanged(s, changes)
    assert.is_true(logged(s, "no image source is available and enabled"))
  end)

  it("does nothing when every available source is disabled", function()
    local s = profile(both, { cameraEnabled = false, photoLibraryEnabled = false })
    s:tap("change")
    assert.is_nil(s:dialog())
    assert.is_true(logged(s, "no image source"))
  end)

  it("ignores a second tap while the sheet is up", function()
    local s = profile(both)
    s:tap("change")
    s:tap("change")
    s:choose("cancel")
    assert.is_nil(s:dialog())
  end)
end)

describe("image picker: permissions", function()
  it("offers Settings when the camera is denied", function()
    local s = profile { camera = { available = true, permission = "denied" }, photoLibrary = "photos/" }
    local changes = s:record("picker.valueChanged")
    s:tap("change")
    s:choose("Camera")
    local alert = s:dialog()
    assert.equals("alert", alert.style)
    assert.equals("Camera access is off", alert.title)
    assert.same({ "Settings" }, alert.options)
    s:choose("Settings")
    assert.equals(1, s:state().platform.settingsOpened)
    unchanged(s, changes)
  end)

  it("offers Settings when the camera is restricted", function()
    local s = profile { camera = { available = true, permission = "restricted" } }
    s:tap("change")
    assert.equals("alert", s:dialog().style)
    assert.truthy(s:dialog().message:find("restricted", 1, true))
    s:choose("Settings")
    assert.equals(1, s:state().platform.settingsOpened)
  end)

  it("offers Settings when the photo library is denied", function()
    local s = profile { photoLibrary = { folder = "photos/", permission = "denied" } }
    s:tap("change")
    assert.equals("Photo Library access is off", s:dialog().title)
  end)

  it("asks first when the permission was never asked, and picks once granted", function()
    local s = profile { camera = { available = true, permission = "notDetermined" } }
    local changes = s:record("picker.valueChanged")
    s:tap("change")
    assert.equals("permission", s:dialog().style)
    assert.same({ "Allow", "Don't Allow" }, options(s))
    s:choose("Allow")
    assert.equals("authorized", s:state().platform.camera.permission)
    s:choose("Take Photo")
    assert.same({ name = "camera.jpg", width = 1024, height = 768 }, s.avatar.image)
    assert.equals(1, #changes)
  end)

  it("stops when the permission is refused, and offers Settings next time", function()
    local s = profile { camera = { available = true, permission = "notDetermined" } }
    local changes = s:record("picker.valueChanged")
    s:tap("change")
    s:choose("Don't Allow")
    unchanged(s, changes)
    assert.equals("denied", s:state().platform.camera.permission)
    assert.equals(0, s:state().platform.settingsOpened)
    s:tap("change")
    assert.equals("alert", s:dialog().style)
  end)

  it("asks for the photo library too when it was never asked", function()
    local s = profile { photoLibrary = { folder = "photos/", permission = "notDetermined" } }
    s:tap("change")
    assert.equals("“Profile” Would Like to Access the Photo Library", s:dialog().title)
    s:choose("Allow")
    s:choose("badge.png")
    assert.equals("badge.png", s.avatar.image.name)
  end)
end)

describe("image picker: cancel leaves everything unchanged", function()
  local s, changes
  before_each(function()
    s = profile { camera = { available = true, permission = "notDetermined" }, photoLibrary = "photos/" }
    changes = s:record("picker.valueChanged")
  end)

  it("at the source sheet", function()
    s:tap("change")
    s:choose("Cancel")
    unchanged(s, changes)
  end)

  it("at the permission request", function()
    s:tap("change")
    s:choose("Camera")
    s:choose("cancel")
    unchanged(s, changes)
    assert.equals("notDetermined", s:state().platform.camera.permission)
  end)

  it("in the camera", function()
    s:tap("change")
    s:choose("Camera")
    s:choose("Allow")
    s:choose("Cancel")
    unchanged(s, changes)
  end)

  it("in the photo library", function()
    s:tap("change")
    s:choose("Photo Library")
    s:choose("Cancel")
    unchanged(s, changes)
  end)

  it("at the Settings alert", function()
    local denied = profile { camera = { available = true, permission = "denied" } }
    local heard = denied:record("picker.valueChanged")
    denied:tap("change")
    denied:choose("Cancel")
    unchanged(denied, heard)
    assert.equals(0, denied:state().platform.settingsOpened)
  end)

  it("keeps the photo picked before", function()
    s:tap("change")
    s:choose("Photo Library")
    s:choose("sunset.jpg")
    s:tap("change")
    s:choose("Photo Library")
    s:choose("cancel")
    assert.equals("sunset.jpg", s.avatar.image.name)
    assert.equals(1, #changes)
  end)
end)

describe("image picker: resizing to fit maxSize", function()
  local function pick(name, inspectables)
    local s = profile({ photoLibrary = "photos/" }, inspectables)
    local changes = s:record("picker.valueChanged")
    s:tap("change")
    s:choose(name)
    assert.equals(1, #changes)
    assert.same(s.avatar.image, changes[1][1])
    assert.same(s.avatar.image, s.picker.pickedImage)
    return s.avatar.image
  end

  it("shrinks a landscape photo to the width", function()
    assert.same({ name = "mountains.png", width = 1024, height = 683 }, pick("mountains.png"))
    assert.same({ name = "sunset.jpg", width = 1024, height = 768 }, pick("sunset.jpg"))
  end)

  it("shrinks a portrait photo to the height", function()
    assert.same({ name = "lighthouse.jpg", width = 768, height = 1024 }, pick("lighthouse.jpg"))
  end)

  it("never enlarges a small photo", function()
    assert.same({ name = "badge.png", width = 256, height = 256 }, pick("badge.png"))
    assert.same({ name = "pebble.jpg", width = 240, height = 320 }, pick("pebble.jpg"))
  end)

  it("fits 2048x2048 by default", function()
    assert.same({ name = "mountains.png", width = 2048, height = 1365 }, pick("mountains.png", {}))
    assert.same({ name = "sunset.jpg", width = 1600, height = 1200 }, pick("sunset.jpg", {}))
  end)

  it("follows a maxSize changed later", function()
    local s = profile { photoLibrary = "photos/" }
    s:set("picker.maxSize", { 100, 50 })
    s:tap("change")
    s:choose("lighthouse.jpg")
    assert.same({ name = "lighthouse.jpg", width = 38, height = 50 }, s.avatar.image)
  end)
end)

describe("the profile scene", function()
  it("shows the picked photo and tells the screen", function()
    local s = scene.load("profile.scene.yaml")
    s:tap("change")
    s:choose("Photo Library")
    s:choose("mountains.png")
    assert.same({ name = "mountains.png", width = 1024, height = 683 }, s.avatar.image)
    local actions = s:state().actions
    assert.equals("photoChanged", actions[#actions].name)
  end)

  it("offers Settings for its denied camera", function()
    local s = scene.load("profile.scene.yaml")
    s:tap("change")
    s:choose("Camera")
    s:choose("Settings")
    assert.equals(1, s:state().platform.settingsOpened)
    assert.is_nil(s.avatar.image)
  end)
end)

describe("the picker in its default scene", function()
  it("takes the platform as an option of scene.script", function()
    local s = scene.script("image_picker.lua", { maxSize = { 500, 500 } },
      { platform = { camera = { available = true, permission = "restricted" }, photoLibrary = "photos/" } })
    local platform = s:state().platform
    assert.is_true(platform.camera.available)
    assert.equals("restricted", platform.camera.permission)
    assert.equals(5, #platform.photoLibrary.photos)
    assert.has_error(function() scene.script("image_picker.lua", nil, { platfrom = {} }) end,
      "scene.script: unknown option `platfrom` (did you mean `platform`?); options: platform")
  end)
end)
