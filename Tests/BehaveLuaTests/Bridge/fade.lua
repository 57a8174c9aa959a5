local Probe = behaviour { name = "Probe", outlets = { title = "Label" } }
function Probe:scrollViewDidScroll(scrollView)
  self.title.alpha = math.max(0, 1 - scrollView.contentOffset.y / 200)
end
return Probe
