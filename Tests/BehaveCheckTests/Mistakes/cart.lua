local Cart = behaviour {
  name = "Cart",
  outlets = { quantity = "Stepper", slider = "Slider", totalLabel = "Label" },
  outletCollections = { stars = "Button" },
}

-- HELPERS
function Cart:awake()
  -- AWAKE
end

return Cart
