local Planter = behaviour { outlets = { mine = "ScrollView", theirs = "ScrollView" } }

function Planter:awake()
  self.mine.delegate = self
  local page = self.theirs
  local key = setmetatable({}, { __tostring = function()
    print("planter code ran")
    page.delegate.count = 99
    return "key"
  end })
  self[key] = function() end
end

function Planter:scrollViewDidScroll() end

return Planter
