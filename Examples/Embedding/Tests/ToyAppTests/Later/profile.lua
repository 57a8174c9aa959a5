-- A behaviour that waits for the app's server (backend.profile answers later).
local Profile = behaviour {
  name = "Profile",
  outlets = { nameLabel = "Label" },
  inspectables = { userID = "ada" },
}

function Profile:awake()
  self:refresh()
end

function Profile:refresh()
  local profile = backend.profile(self.userID)   -- pauses until the app answers
  self.nameLabel.text = profile.name
end

return Profile
