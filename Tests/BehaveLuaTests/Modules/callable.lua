-- A module that is called like a function (a class, say).
return setmetatable({ kind = "point" }, {
  __call = function(_, x, y) return { x = x, y = y } end,
})
