-- expect: misspelt_local.lua:11: `totl` is not defined here (no local, global or Behave function has this name), so it is nil; did you mean `total`?
-- connect: totalLabel
local Cart = behaviour {
  name = "Cart",
  outlets = { totalLabel = "Label" },
}

function Cart:awake()
  local total = 0
  for _ = 1, 3 do
    total = totl + 1
  end
  self.totalLabel.text = tostring(total)
end

return Cart
