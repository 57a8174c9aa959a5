local Cart = behaviour { name = "Cart", outlets = { totalLabel = "Label" } }

local function show(total)
  self.totalLabel.text = tostring(total)
end

function Cart:awake() show(3) end

return Cart
