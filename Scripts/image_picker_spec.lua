-- Specs of image_picker.lua for its settings and a target that goes away.
-- The flow itself (sources, permissions, cancelling, resizing, on real
-- photos) is specified in Examples/ImagePicker/image_picker_spec.lua.

-- A profile screen: `change` starts the picker, `avatar` shows the image.
-- The camera takes a 4032×3024 photo; the photo library is empty.
local function profile(inspectables, platform)
  return scene.new {
    controls = {
      avatar = { type = "ImageView" },
      change = { type = "Button", title = "Change photo" },
    },
    behaviours = {
      picker = { script = "image_picker.lua", outlets = { targetImageView = "avatar" }, inspectables = inspectables },
    },
    connections = { "change.touchUpInside -> picker.pickImage" },
    platform = platform or { camera = true, photoLibrary = true },
  }
end

describe("image picker: the sheet's titles", function()
  it("refuses equal titles when the sheet would be shown, and shows none", function()
    local s = profile { cameraButtonTitle = "Photo", photoLibraryButtonTitle = "Photo" }
    assert.same({}, s:errors())                        -- nothing to refuse before a sheet is needed
    s:tap("change")
    local errors = s:errors()
    assert.equals(1, #errors)
    assert.matches('cameraButtonTitle and photoLibraryButtonTitle are both "Photo"', errors[1])
    assert.is_nil(s:dialog())
    s:set("picker.photoLibraryButtonTitle", "Library")
    s:tap("change")                                    -- the flow is not stuck
    assert.same({ "Photo", "Library" }, s:dialog().options)
    s:choose("Library")
    assert.equals("picker", s:dialog().style)          -- the photo library, not the camera
    assert.equals("Photo Library", s:dialog().title)
  end)

  it("takes equal titles when only one source is offered (there is no sheet)", function()
    local s = profile({ cameraButtonTitle = "Photo", photoLibraryButtonTitle = "Photo" }, { camera = true })
    s:tap("change")
    s:choose("Take Photo")
    assert.equals("camera.jpg", s.avatar.image.name)
    assert.same({}, s:errors())
  end)

  it("refuses a title that is the cancel button's, or empty", function()
    local s = profile { cameraButtonTitle = "cancel" }
    s:tap("change")
    assert.matches('cameraButtonTitle is "cancel", the title of the sheet\'s cancel button', s:errors()[1])
    s = profile { photoLibraryButtonTitle = "" }
    s:tap("change")
    assert.matches("photoLibraryButtonTitle is empty", s:errors()[1])
  end)
end)

describe("image picker: maxSize", function()
  it("is an error when it is set below 1×1, and the picker then offers nothing", function()
    local s = profile { maxSize = { 0, 500 } }
    local errors = s:errors()
    assert.equals(1, #errors)
    assert.matches("maxSize must be at least 1×1 %(the largest image to keep%), not 0×500", errors[1])
    s:tap("change")
    assert.is_nil(s:dialog())
    errors = s:errors()
    assert.equals(2, #errors)
    assert.matches("nothing is offered until it is fixed", errors[2])
  end)

  it("says so when it is changed later, and works again once fixed", function()
    local s = profile(nil, { camera = true })
    s:set("picker.maxSize", { 800, 0.5 })
    assert.matches("not 800×0.5", s:errors()[1])
    s:set("picker.maxSize", { 800, 600 })
    s:tap("change")
    s:choose("Take Photo")
    assert.same({ name = "camera.jpg", width = 800, height = 600 }, s.avatar.image)
    assert.equals(1, #s:errors())
  end)

  it("takes 1×1, the smallest", function()
    local s = profile({ maxSize = { 1, 1 } }, { camera = true })
    s:tap("change")
    s:choose("Take Photo")
    assert.same({ name = "camera.jpg", width = 1, height = 1 }, s.avatar.image)
    assert.same({}, s:errors())
  end)
end)

describe("image picker: a target removed while the user picks", function()
  it("keeps the image and sends it, with no error", function()
    local s = profile(nil, { camera = true })
    local changes = s:record("picker.valueChanged")
    s:tap("change")
    s:remove("avatar")
    s:choose("Take Photo")
    assert.same({}, s:errors())
    assert.same({ name = "camera.jpg", width = 2048, height = 1536 }, s.picker.pickedImage)
    assert.equals(1, #changes)
    assert.same(s.picker.pickedImage, changes[1][1])
    assert.is_nil(s.picker.targetImageView)
  end)
end)

describe("image picker: confirming before the image is used", function()
  it("asks confirmTitle first; only a confirmed image is shown and sent", function()
    local s = profile({ confirmTitle = "Use this photo?" }, { camera = true })
    local sent = s:record("picker.valueChanged")
    s:tap("change")
    s:choose("Take Photo")
    local alert = s:dialog()
    assert.equals("alert", alert.style)
    assert.equals("Use this photo?", alert.title)
    assert.same({ "Use Photo" }, alert.options)
    s:choose("cancel")
    assert.is_nil(s.avatar.image)
    assert.equals(0, #sent)

    s:tap("change")
    s:choose("Take Photo")
    s:choose("Use Photo")
    assert.equals("camera.jpg", s.avatar.image.name)
    assert.equals(1, #sent)
  end)

  it("hands the image on without a target image view, and says nothing of the outlet", function()
    local s = scene.new {
      controls = { change = { type = "Button" } },
      behaviours = { picker = { script = "image_picker.lua" } },
      connections = { "change.touchUpInside -> picker.pickImage", "picker.valueChanged -> screen.photoPicked" },
      platform = { camera = true },
    }
    local reached = s:record("screen.photoPicked")
    s:tap("change")
    s:choose("Take Photo")
    assert.equals(1, #reached)
    assert.equals("camera.jpg", reached[1][1].name)
    assert.same({}, s:errors())
  end)
end)
