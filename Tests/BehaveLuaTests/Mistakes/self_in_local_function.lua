-- expect: self_in_local_function.lua:9: `self` is not defined here: only methods (`function Cart:name()`) and their inner functions have it; define this function as a method with `:`, or pass `self` to it
-- connect: quantity totalLabel
local Cart = behaviour {
  name = "Cart",
  outlets = { quantity = "Stepper", totalLabel = "Label" },
}

local function showTotal()
  self.totalLabel.text = tostring(self.quantity.value * 3)
end

function Cart:awake()
  self.quantity:on("valueChanged", function() showTotal() end)
  showTotal()
end

return Cart
