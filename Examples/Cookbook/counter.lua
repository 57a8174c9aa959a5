-- Examples/Cookbook/counter.lua
-- A counter between `minimum` and `maximum`: plus and minus buttons, the
-- count in a label, each button disabled at its end.
local Counter = behaviour {
  name = "Counter",
  outlets = { plus = "Button", minus = "Button", countLabel = "Label" },
  inspectables = {
    minimum = { type = "integer", default = 0 },
    maximum = { type = "integer", default = 10 },
  },
  events = { "valueChanged" },
}

function Counter:awake()
  self.count = self.minimum
  self.plus:on("touchUpInside", function() self:increment() end)
  self.minus:on("touchUpInside", function() self:decrement() end)
  self:_show()
end

-- Actions: a scene can wire any control's event to them.
function Counter:increment() self:_set(self.count + 1) end
function Counter:decrement() self:_set(self.count - 1) end
function Counter:reset() self:_set(self.minimum) end

-- Helpers start with `_`: they are not actions.
function Counter:_set(count)
  count = math.max(self.minimum, math.min(self.maximum, count))
  if count == self.count then return end
  self.count = count
  self:_show()
  self:send("valueChanged", count)
end

function Counter:_show()
  self.countLabel.text = tostring(self.count)
  self.minus.enabled = self.count > self.minimum
  self.plus.enabled = self.count < self.maximum
end

return Counter
