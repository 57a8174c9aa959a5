  self.firstTap = function() wait(0.5); while true do end end
