local Greeter = behaviour { name = "Greeter", outlets = { label = "Label" } }
function Greeter:awake() error("not yet") end
return Greeter
