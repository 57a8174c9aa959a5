local Cart = behaviour { name = "Cart" }

function Cart:awake()
  local total = 0
  total = totl + 1
  self.total = total
end

return Cart
