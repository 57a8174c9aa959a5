local Keeper = behaviour { outlets = { scrollView = "ScrollView" }, events = { "counted" } }

function Keeper:awake()
  self.count = 1
  self.items = { "a" }
  self.scrollView.delegate = self
  print("own delegate is self:", self.scrollView.delegate == self)
end

function Keeper:bump()
  self.count = self.count + 1
end

function Keeper:scrollViewDidScroll()
  self:send("counted")
end

return Keeper
