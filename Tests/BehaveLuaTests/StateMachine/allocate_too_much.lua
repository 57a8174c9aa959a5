  self.firstTap = function() self.big = string.rep("x", 64 << 20) end
