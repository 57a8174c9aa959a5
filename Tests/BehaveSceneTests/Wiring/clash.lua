local P = behaviour { name = "P", outlets = { item1 = "Button", scrollView = "TextField" },
                      outletCollections = { item = "Label" } }
function P:scrollViewDidScroll(scrollView) self.y = scrollView.contentOffset.y end
return P
