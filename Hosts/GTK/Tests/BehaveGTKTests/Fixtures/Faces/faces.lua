-- Says what the button, the field and the slider read, and what the user does with them.
local Faces = behaviour { name = "Faces", outlets = { volume = "Slider", field = "TextField", save = "Button" } }

function Faces:awake()
  print(("save reads %q; name's placeholder %q"):format(self.save.title, self.field.placeholder))
  self.save:on("touchUpInside", function() print("saved") end)
  self.volume:on("valueChanged", function(slider) print(("volume reads %s"):format(slider.value)) end)
end

return Faces
