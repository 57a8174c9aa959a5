local Like = behaviour { outlets = { button = "Button" } }

function Like:awake() self.count = 0 end
function Like:like() self:_refresh() end
function Like:_refresh() self.count = self.count + 1 end
function Like:scrollViewDidScroll() end

return Like
