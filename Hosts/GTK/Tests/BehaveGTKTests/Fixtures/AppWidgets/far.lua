-- Sets an offset past the end of content GTK has not laid out yet.
local Far = behaviour { name = "Far", outlets = { list = "ScrollView" } }

function Far:awake()
    self.list.contentOffset = { x = 0, y = 350 }
end

return Far
