local S = behaviour { name = "NAME" }
function S:scrollViewDidScroll(scrollView)
  self.offset = scrollView.contentOffset.y
  return "NAME"
end
return S
