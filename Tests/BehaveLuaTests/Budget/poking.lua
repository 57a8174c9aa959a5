local A = behaviour { name = "A", outlets = { button = "Button" }, events = { "poked" } }
function A:go()
  print("before")
  self:send("poked")
  print("after")
end
return A
