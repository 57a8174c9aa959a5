-- expect: uikit_set_title.lua:9: Button has no property or method `setTitle` (did you mean `title`? `setTitle` is UIKit's method for it; here it is a property: `control.title = "Go"` (a button has one title, not one a state)) (on `button`)
-- connect: button
local Order = behaviour {
  name = "Order",
  outlets = { button = "Button" },
}

function Order:awake()
  self.button:setTitle("Order now", "normal")
end

return Order
