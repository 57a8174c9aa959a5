local Probe = behaviour { name = "Probe", outlets = { header = "View" } }
function Probe:scrollViewDidScroll(scrollView)
  self.header.frame = { 0, scrollView.contentOffset.y * 0.5, 100, 50 }
end
return Probe
