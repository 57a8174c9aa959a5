local Probe = behaviour { name = "Probe", outlets = { scroll = "ScrollView" } }
function Probe:awake()
  self.scroll.delegate = self
  self.same = self.scroll.delegate == self
  self.bad = select(2, pcall(function() self.scroll.delegate = 5 end))
end
function Probe:scrollViewDidScroll(scrollView) self.y = scrollView.contentOffset.y end
return Probe
