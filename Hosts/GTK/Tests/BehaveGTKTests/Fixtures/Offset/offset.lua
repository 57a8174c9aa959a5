local Offset = behaviour { name = "Offset", outlets = { list = "ScrollView", more = "Button" } }
function Offset:awake()
  self.list.contentOffset = { x = 0, y = 150 }
  self.taps = 0
  self.more:on("touchUpInside", function()
    self.taps = self.taps + 1
    if self.taps == 1 then
      self.list.contentOffset = { x = -20, y = 1000 }
    else
      self.list.contentSize = { width = 200, height = 800 }
      self.list.contentOffset = { x = 0, y = 500 }
    end
    print("read " .. self.list.contentOffset.x .. "," .. self.list.contentOffset.y)
  end)
end
return Offset
