-- ImagePickerBehavior: on `pickImage` (wire a button's touchUpInside to
-- it), offer the camera and/or the photo library, each only when the
-- device has it and it is enabled; ask for permission when it was never
-- asked, offer Settings when it was refused; resize the picked image to fit
-- `maxSize` (never enlarging it), show it in `targetImageView` and send
-- `valueChanged` with it. Cancelling at any step changes nothing.
--
-- With `confirmTitle` set ("Use this photo?"), the picked image is first
-- offered in an alert with `confirmButtonTitle` and Cancel; only a
-- confirmed image is shown and sent. `targetImageView` is optional: left
-- unconnected, the image is handed on through `valueChanged` alone.
--
-- The sheet's choice is known by its title, so the two titles must differ
-- (and differ from "Cancel"): equal ones are an error when the sheet would
-- be shown. `maxSize` must be at least 1×1: a smaller one is an error when
-- it is set, and `pickImage` then refuses to start. With no
-- `targetImageView` (not connected, or removed while the user picks) the
-- image is still kept in `pickedImage` and sent with `valueChanged`.
local ImagePicker = behaviour {
  name = "ImagePicker",
  outlets = { targetImageView = "ImageView?" },
  inspectables = {
    cameraEnabled           = true,
    photoLibraryEnabled     = true,
    cameraButtonTitle       = "Camera",
    photoLibraryButtonTitle = "Photo Library",
    maxSize                 = { type = "size", default = { 2048, 2048 } },
    confirmTitle            = "",
    confirmButtonTitle      = "Use Photo",
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

-- The sheet tells its options apart by their titles: refuse titles it
-- could not.
local function checkTitles(sources)
  local first, second = sources[1].title, sources[2].title
  if first == second then
    error(string.format("cameraButtonTitle and photoLibraryButtonTitle are both %q: the sheet could not tell "
                        .. "the camera from the photo library; give them different titles", first), 0)
  end
  for _, entry in ipairs(sources) do
    local name = entry.source == "camera" and "cameraButtonTitle" or "photoLibraryButtonTitle"
    if entry.title == "" then
      error(string.format("%s is empty: the sheet would show a button without a title", name), 0)
    elseif entry.title:lower() == "cancel" then
      error(string.format("%s is %q, the title of the sheet's cancel button; give it another", name, entry.title), 0)
    end
  end
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
  checkTitles(sources)
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

-- What is wrong with `maxSize`, or nil.
local function sizeProblem(self)
  local size = self.maxSize
  if size.width < 1 or size.height < 1 then
    return string.format("maxSize must be at least 1×1 (the largest image to keep), not %g×%g",
                         size.width, size.height)
  end
  return nil
end

local function pick(self)
  local entry = chooseSource(self)
  if not entry or not authorize(entry) then return end
  local image = platform.pickImage(entry.source)
  if not image then return end
  local size = self.maxSize
  image = image:fitting(size.width, size.height)
  if self.confirmTitle ~= "" then
    local choice = ask {
      style = "alert", title = self.confirmTitle, message = image.name,
      options = { self.confirmButtonTitle }, cancel = "Cancel",
    }
    if choice ~= self.confirmButtonTitle then return end
  end
  self.pickedImage = image
  if self.targetImageView then self.targetImageView.image = image end
  self:send("valueChanged", image)
end

function ImagePicker:awake()
  local problem = sizeProblem(self)
  if problem then error(problem, 0) end
end

function ImagePicker:changed(name)
  if name == "maxSize" then
    local problem = sizeProblem(self)
    if problem then error(problem, 0) end
  end
end

function ImagePicker:pickImage()       -- the action a button is wired to
  -- One flow at a time: a second tap while a sheet is up does nothing.
  if self.picking then return end
  local problem = sizeProblem(self)
  if problem then error(problem .. ": nothing is offered until it is fixed", 0) end
  self.picking = true
  local ok, message = pcall(pick, self)
  self.picking = nil
  if not ok then error(message, 0) end
end

return ImagePicker
