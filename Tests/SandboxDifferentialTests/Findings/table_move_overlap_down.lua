-- Moving a range down over itself: the elements are copied from the start.
local t = { 10, 20, 30, 40, 50 }
return table.move(t, 3, 5, 2)
