-- Examples/Cookbook/summary.lua
-- Hears the rating through an action the scene wires to it; its submit
-- button sends `reviewSubmitted` up the responder chain to the screen.
local Summary = behaviour {
  name = "ReviewSummary",
  outlets = { text = "Label", submit = "Button" },
}

local words = { "Poor", "Fair", "Good", "Very good", "Excellent" }

function Summary:awake()
  self.stars = 0
  self.submit.enabled = false
  self.submit:on("touchUpInside", function()
    self:sendAction("reviewSubmitted", self.stars)
  end)
end

-- An action: `sender` is nil when a behaviour sent the event.
function Summary:ratingChanged(_, stars)
  self.stars = stars
  self.text.text = words[stars] or "Not rated"
  self.submit.enabled = stars > 0
end

return Summary
