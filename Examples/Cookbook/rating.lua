-- Examples/Cookbook/rating.lua
-- Stars from a stepper: shows them and sends `valueChanged` with the count.
-- It knows nothing of who listens: the scene wires that.
local Rating = behaviour {
  name = "Rating",
  outlets = { stepper = "Stepper", stars = "Label" },
  events = { "valueChanged" },
}

function Rating:awake()
  self.stepper:on("valueChanged", function(stepper)
    local count = math.tointeger(stepper.value) or 0
    self.stars.text = ("★"):rep(count) .. ("☆"):rep(5 - count)
    self:send("valueChanged", count)
  end)
end

return Rating
