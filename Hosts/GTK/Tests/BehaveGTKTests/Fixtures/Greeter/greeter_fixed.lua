local Greeter = behaviour { name = "Greeter", outlets = { label = "Label" } }
function Greeter:awake() self.label.text = "Hello" end
return Greeter
