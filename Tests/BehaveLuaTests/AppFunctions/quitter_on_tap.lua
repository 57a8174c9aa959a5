local Quitter = behaviour { name = "Quitter", outlets = { button = "Button" } }
function Quitter:awake()
  self.button:on("touchUpInside", function()
-- SOURCE
    closer.note("after")
    self.button.image = "ran"
  end)
end
return Quitter
