return { first = function(t) return unpack(t) end }
