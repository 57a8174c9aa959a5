-- Examples/Cookbook/cart.lua
-- A cart that counts what is added to it, in the same words.
local words = require "words"

local Cart = behaviour {
  name = "Cart",
  outlets = { add = "Button", summary = "Label" },
}

function Cart:awake()
  self.items = 0
  self.add:on("touchUpInside", function() self:addItem() end)
  self:_show()
end

function Cart:addItem()
  self.items = self.items + 1
  self:_show()
end

function Cart:_show()
  self.summary.text = words.count(self.items, "item") .. " in your cart"
end

return Cart
