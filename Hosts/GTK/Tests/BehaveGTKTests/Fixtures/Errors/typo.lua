local Typo = behaviour { name = "Typo", outlets = { label = "Label" } }

function Typo:awake()
  self.label.text = "ready " .. nil
end

return Typo
