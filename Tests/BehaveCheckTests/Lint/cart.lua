local Cart = behaviour {
  name = "Cart",
  outlets = { quantity = "Stepper", totalLabel = "Label", slider = "Slider", done = "Switch", field = "TextField" },
  outletCollections = { stars = "Button" },
}

function Cart:awake()
  -- LINE
end

return Cart
