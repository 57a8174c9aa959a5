-- expect: collection_from_zero.lua:9: `self.stars[0]` is nil: the outlet collection `stars` holds 3 controls, numbered from 1 to 3; the first is `self.stars[1]`; to go through them all, write `for i, control in ipairs(self.stars) do … end`
-- connect: stars
local Rating = behaviour {
  name = "Rating",
  outletCollections = { stars = "Button" },
}

function Rating:awake()
  self.stars[0].title = "★"
end

return Rating
