-- expect: runaway_inside_animate.lua:6: instruction budget exceeded|runaway_inside_animate.lua:6: time limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  animate(0, function() self.button.alpha = 0.5 end)
  animate(1, function() while true do end end)  -- its capture must not outlive it
end

return Hostile
