-- Moving a range up over itself: the elements are copied from the end.
local t = { 10, 20, 30 }
return table.move(t, 1, 3, 2)
