-- Each tap fills the meter a quarter more, over a fifth of a second of
-- real time, then tells whoever listens how full it is.
local Filler = behaviour {
  name = "Filler",
  outlets = { like = "Button", level = "Meter" },
  events = { "filled" },
}

function Filler:awake()
  self:send("filled", self.level.level)
  self.like:on("touchUpInside", function()
    local target = math.min(1, self.level.level + 0.25)
    animate(0.2, function() self.level.level = target end, "linear")
    self:send("filled", self.level.level)
  end)
end

return Filler
