-- expect: collection_past_its_end.lua:10: `self.stars[i]` is nil: the outlet collection `stars` holds 3 controls, numbered from 1 to 3; use an index from 1 to 3, or `for i, control in ipairs(self.stars) do … end`
-- connect: stars
local Rating = behaviour {
  name = "Rating",
  outletCollections = { stars = "Button" },
}

function Rating:awake()
  for i = 1, 5 do
    self.stars[i].title = "☆"
  end
end

return Rating
