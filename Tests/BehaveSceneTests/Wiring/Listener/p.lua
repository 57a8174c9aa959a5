print("loading")
local P = behaviour { name = "P", outlets = { button = "Button" } }
function P:awake() print("awake") end
return P
