-- ImagePickerBehavior: on `pickImage` (wire a button's touchUpInside to
-- it), offer the camera and/or the photo library, each only when the
-- device has it and it is enabled; ask for permission when it was never
-- asked, offer Settings when it was refused; resize the picked image to fit
-- `maxSize` (never enlarging it), show it in `targetImageView` and send
-- `valueChanged` with it. Cancelling at any step changes nothing.
local ImagePicker = behaviour {
  name = "ImagePicker",
  outlets = { targetImageView = "ImageView" },
  inspectables = {
    cameraEnabled           = true,
    photoLibraryEnabled     = true,
    cameraButtonTitle       = "Camera",
    photoLibraryButtonTitle = "Photo Library",
    maxSize                 = { type = "size", default = { 2048, 2048 } },
  },
  events = { "valueChanged" },
  requires = { "camera", "photoLibrary" },
}

-- The sources to offer, in the order of the sheet.
local function offeredSources(self)
  local sources = {}
  if self.cameraEnabled and platform.available("camera") then
    sources[#sources + 1] = { source = "camera", title = self.cameraButtonTitle }
  end
  if self.photoLibraryEnabled and platform.available("photoLibrary") then
    sources[#sources + 1] = { source = "photoLibrary", title = self.photoLibraryButtonTitle }
  end
  return sources
end

-- The source the user picks: the only one without asking, nil when there
-- is none or the sheet is cancelled.
local function chooseSource(self)
  local sources = offeredSources(self)
  if #sources == 0 then
    log("no image source is available and enabled: nothing to pick from")
    return nil
  end
  if #sources == 1 then return sources[1] end
  local titles = {}
  for i, entry in ipairs(sources) do titles[i] = entry.title end
  local choice = ask { style = "actionSheet", title = "Choose a photo", options = titles, cancel = "Cancel" }
  for _, entry in ipairs(sources) do
    if entry.title == choice then return entry end
  end
  return nil
end

-- Whether the source may be used now: asks the first time; when access
-- was refused before, offers to open Settings (and says no).
local function authorize(entry)
  local permission = platform.permission(entry.source)
  if permission == "notDetermined" then
    return platform.requestPermission(entry.source) == "authorized"
  end
  if permission == "authorized" then return true end
  local message = permission == "restricted"
    and "Access is restricted on this device. It may be allowed in Settings."
    or "Allow access in Settings to pick a photo."
  local choice = ask {
    style = "alert", title = entry.title .. " access is off", message = message,
    options = { "Settings" }, cancel = "Cancel",
  }
  if choice == "Settings" then platform.openSettings() end
  return false
end

local function pick(self)
  local entry = chooseSource(self)
  if not entry or not authorize(entry) then return end
  local image = platform.pickImage(entry.source)
  if not image then return end
  local size = self.maxSize
  image = image:fitting(size.width, size.height)
  self.pickedImage = image
  if self.targetImageView then self.targetImageView.image = image end
  self:send("valueChanged", image)
end

function ImagePicker:pickImage()       -- the action a button is wired to
  -- One flow at a time: a second tap while a sheet is up does nothing.
  if self.picking then return end
  self.picking = true
  local ok, message = pcall(pick, self)
  self.picking = nil
  if not ok then error(message, 0) end
end

return ImagePicker
