local B = behaviour { name = "B", outlets = { b = "Buton" } }
return B
