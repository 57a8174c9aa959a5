local Rating = behaviour {
  name = "Rating",
  outletCollections = { stars = "Button" },
}

function Rating:awake()
  self.stars[3].title = "★"
end

function Rating:five()
  self.stars[5].title = "★"
end

return Rating
