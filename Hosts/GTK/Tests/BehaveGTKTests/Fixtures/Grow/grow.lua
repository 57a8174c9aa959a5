-- Each tap on `more` makes the note longer; the first hides `gone`.
local Grower = behaviour {
  name = "Grower",
  outlets = { more = "Button", note = "Label", gone = "Button" },
}

function Grower:awake()
  self.more:on("touchUpInside", function()
    self.note.text = self.note.text .. string.rep(" and longer", 60)
    self.gone.hidden = true
  end)
end

return Grower
