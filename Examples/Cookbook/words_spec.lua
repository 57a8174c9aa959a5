-- Examples/Cookbook/words_spec.lua
-- A spec cannot require a module: it tests one through the behaviours
-- that use it.
describe("words, shared through require", function()
  it("counts the inbox's unread messages", function()
    local s = scene.script("inbox.lua", { unread = 3 })
    assert.equals("3 unread messages", s.badge.text)
    s.inbox.unread = 1
    assert.equals("1 unread message", s.badge.text)
  end)

  it("counts what is in the cart", function()
    local s = scene.script("cart.lua")
    assert.equals("no items in your cart", s.summary.text)
    s:tap("add")
    s.cart:addItem()
    assert.equals("2 items in your cart", s.summary.text)
  end)
end)
