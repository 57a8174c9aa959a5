local Keeper = behaviour { outlets = { scrollView = "ScrollView" } }

function Keeper:awake()
  self.list = {}
  for i = 1, 4000 do self.list[i] = { i } end
  self.scrollView.delegate = self
end

function Keeper:scrollViewDidScroll() end

return Keeper
