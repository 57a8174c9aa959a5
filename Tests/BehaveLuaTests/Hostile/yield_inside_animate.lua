-- expect: yield_inside_animate.lua:5: animate's changes cannot pause|hostile.lua:5: animate's changes cannot pause
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  animate(1, function() self.button.alpha = 0.5; coroutine.yield() end)
end

return Hostile
