local Long = behaviour {
  name = "Long",
  outlets = { label = "Label", button = "Button", field = "TextField", secret = "TextField", picture = "ImageView" },
}
function Long:awake()
  local long = string.rep("x", 1000000)
  self.label.text = long
  self.button.title = long
  self.button.image = string.rep("i", 1000000)
  self.field.text = string.rep("x", 50000)   -- a text field holds 65,534 at most
  self.secret.secureTextEntry = true
  self.secret.text = string.rep("x", 50000)
  self.picture.image = string.rep("p", 1000000)
end
return Long
