local Pump = behaviour { name = "Pump", outlets = { button = "Button" }, events = { "big" } }
function Pump:awake()
  local s = string.rep("x", 1000000)
  self.button:on("touchUpInside", function() for i = 1, 40 do self:send("big", s) end end)
end
return Pump
